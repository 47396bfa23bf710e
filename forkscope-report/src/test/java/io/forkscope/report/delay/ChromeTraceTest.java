package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.NodeEnd;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ChromeTraceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode trace(Dag dag) throws Exception {
        StringWriter out = new StringWriter();
        ChromeTrace.write(dag, ParallelismProfile.of(dag), "run.fsk", out);
        JsonNode root = JSON.readTree(out.toString());
        assertThat(root.isObject()).isTrue();
        assertThat(root.get("traceEvents").isArray()).isTrue();
        return root;
    }

    static List<JsonNode> events(JsonNode root, String ph) {
        List<JsonNode> out = new ArrayList<>();
        root.get("traceEvents").forEach(e -> {
            if (e.get("ph").asText().equals(ph)) {
                out.add(e);
            }
        });
        return out;
    }

    @Test
    void theHandBuiltRun() throws Exception {
        Dag slow = DelayFixtures.delayedSlow();
        JsonNode root = trace(slow);
        List<JsonNode> meta = events(root, "M");
        assertThat(meta).anySatisfy(m -> {
            assertThat(m.get("name").asText()).isEqualTo("thread_name");
            assertThat(m.get("tid").asInt()).isEqualTo(1);
            assertThat(m.get("args").get("name").asText()).isEqualTo("worker 0");
        });
        assertThat(meta).anySatisfy(m -> {
            assertThat(m.get("name").asText()).isEqualTo("thread_name");
            assertThat(m.get("tid").asInt()).isEqualTo(2);
            assertThat(m.get("args").get("name").asText()).isEqualTo("worker 1");
        });
        assertThat(meta).anySatisfy(m -> assertThat(m.get("name").asText()).isEqualTo("process_name"));

        List<JsonNode> slices = events(root, "X");
        assertThat(slices).hasSize(4);
        JsonNode a = slices.get(0);
        assertThat(a.get("name").asText()).isEqualTo("create");
        assertThat(a.get("ts").decimalValue()).isEqualByComparingTo("0");
        assertThat(a.get("dur").decimalValue()).isEqualByComparingTo("10");
        assertThat(a.get("tid").asInt()).isEqualTo(1);
        assertThat(a.get("args").get("node").asInt()).isZero();
        assertThat(a.get("args").get("in")).isEmpty();
        JsonNode b = slices.get(1);
        assertThat(b.get("name").asText()).isEqualTo("collapsed \u00d77 strands");
        assertThat(b.get("ts").decimalValue()).isEqualByComparingTo("25");
        assertThat(b.get("dur").decimalValue()).isEqualByComparingTo("10");
        assertThat(b.get("tid").asInt()).isEqualTo(2);
        assertThat(b.get("args").get("work_ns").asLong()).isEqualTo(9000);
        assertThat(b.get("args").get("delay_ns").asLong()).isEqualTo(15000);
        assertThat(b.get("args").get("strands").asLong()).isEqualTo(7);
        assertThat(b.get("args").get("in").get(0).asText()).isEqualTo("create from node 0 on worker 0");
        JsonNode d = slices.get(3);
        assertThat(d.get("name").asText()).isEqualTo("end");
        assertThat(d.get("args").get("delay_ns").asLong()).isZero();
        assertThat(d.get("args").get("ready_by").asText()).isEqualTo("end from node 1");

        // the steal (create 0 → 1) and the join across workers (end 1 → 3); create-cont and wait-cont stay on worker 0
        List<JsonNode> starts = events(root, "s");
        List<JsonNode> finishes = events(root, "f");
        assertThat(starts).hasSize(2);
        assertThat(finishes).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(starts.get(i).get("id")).isEqualTo(finishes.get(i).get("id"));
            assertThat(starts.get(i).get("cat")).isEqualTo(finishes.get(i).get("cat"));
            assertThat(finishes.get(i).get("bp").asText()).isEqualTo("e");
        }
        assertThat(starts.get(0).get("cat").asText()).isEqualTo("create");
        assertThat(starts.get(0).get("tid").asInt()).isEqualTo(1);
        assertThat(finishes.get(0).get("tid").asInt()).isEqualTo(2);
        assertThat(starts.get(1).get("cat").asText()).isEqualTo("end");
        assertThat(starts.get(1).get("tid").asInt()).isEqualTo(2);
        assertThat(finishes.get(1).get("tid").asInt()).isEqualTo(1);

        List<JsonNode> counters = events(root, "C");
        JsonNode readyAt12 = null;
        for (JsonNode c : counters) {
            if (c.get("name").asText().equals("ready") && c.get("ts").decimalValue().compareTo(new BigDecimal("20")) == 0) {
                readyAt12 = c;
            }
        }
        assertThat(readyAt12).isNotNull();
        assertThat(readyAt12.get("args").get("create").asDouble()).isEqualTo(1.0);
        // the collapsed node starting at 25 us ran 9 of its 10 us: 0.9 of a worker
        assertThat(counters).anySatisfy(c -> {
            assertThat(c.get("name").asText()).isEqualTo("running");
            assertThat(c.get("ts").decimalValue()).isEqualByComparingTo("25");
            assertThat(c.get("args").get("running").asDouble()).isCloseTo(0.9, org.assertj.core.data.Offset.offset(1e-9));
        });
    }

    @Test
    void microsecondsKeepTheNanoseconds() throws Exception {
        JsonNode root = trace(DelayFixtures.delayed());
        JsonNode b = events(root, "X").get(1);
        assertThat(b.get("ts").decimalValue()).isEqualByComparingTo("0.025");
        assertThat(b.get("dur").decimalValue()).isEqualByComparingTo("0.010");
    }

    @Test
    void overlappingNodesOfOneWorkerGoToAnotherTrack() throws Exception {
        Dag dag = new Dag(List.of(DagNode.strand(0, 0, 0, 10, NodeEnd.END, List.of()),
                DagNode.strand(1, 0, 5, 15, NodeEnd.END, List.of())), 1, 0, 15);
        JsonNode root = trace(dag);
        assertNoPartialOverlap(root);
        assertThat(events(root, "M")).anySatisfy(m -> assertThat(m.get("args").path("name").asText())
                .isEqualTo("worker 0 (overlap 1)"));
    }

    @Property(tries = 200)
    void slicesOnOneTrackNestOrDoNotOverlap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                                            @ForAll @IntRange(min = 1, max = 60) int size) throws Exception {
        JsonNode root = trace(io.forkscope.analysis.delay.RandomSchedules.randomRun(new Random(seed), workers, size));
        assertThat(events(root, "X")).hasSize(size);
        assertNoPartialOverlap(root);
        // every flow has both ends
        assertThat(events(root, "s")).hasSameSizeAs(events(root, "f"));
    }

    static void assertNoPartialOverlap(JsonNode root) {
        Map<Integer, List<BigDecimal[]>> byTrack = new HashMap<>();
        for (JsonNode e : events(root, "X")) {
            BigDecimal ts = e.get("ts").decimalValue();
            byTrack.computeIfAbsent(e.get("tid").asInt(), t -> new ArrayList<>())
                    .add(new BigDecimal[] {ts, ts.add(e.get("dur").decimalValue())});
        }
        for (List<BigDecimal[]> slices : byTrack.values()) {
            slices.sort(Comparator.comparing((BigDecimal[] s) -> s[0]));
            for (int i = 0; i < slices.size(); i++) {
                for (int j = i + 1; j < slices.size(); j++) {
                    BigDecimal[] x = slices.get(i);
                    BigDecimal[] y = slices.get(j);
                    boolean disjoint = x[1].compareTo(y[0]) <= 0 || y[1].compareTo(x[0]) <= 0;
                    boolean nested = x[0].compareTo(y[0]) <= 0 && y[1].compareTo(x[1]) <= 0;
                    assertThat(disjoint || nested).as("slices %s and %s", List.of(x), List.of(y)).isTrue();
                }
            }
        }
    }
}
