package io.forkscope.report;

import static io.forkscope.report.Fixtures.recording;
import static io.forkscope.report.Fixtures.render;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonReportTest {
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final List<String> METRICS = List.of("work_ns", "span_ns", "burdened_span_ns", "parallelism",
            "burdened_parallelism", "spawns", "syncs", "average_maximal_strand_ns", "elapsed_ns", "speedup_estimate",
            "diagnosis");

    static JsonNode parse(String json) throws Exception {
        return MAPPER.readTree(json);
    }

    @Test
    void everyKeyWithItsValue() throws Exception {
        String json = render(new JsonReport(), Fixtures.timeRecording());
        assertThat(json).startsWith("{\n  \"unit\" : \"time\",\n").endsWith("}\n");
        JsonNode root = parse(json);

        assertThat(root.fieldNames()).toIterable().containsAll(METRICS).contains("unit", "burden_ns", "burden_source",
                "processors", "complete", "workers", "threads", "tasks", "regions", "warnings", "info");
        assertThat(root.get("unit").asText()).isEqualTo("time");
        assertThat(root.get("burden_ns").asLong()).isEqualTo(6250);
        assertThat(root.get("burden_source").asText()).isEqualTo("default");
        assertThat(root.get("processors").asInt()).isEqualTo(8);
        assertThat(root.get("complete").asBoolean()).isTrue();
        assertThat(root.get("work_ns").asLong()).isEqualTo(1000);
        assertThat(root.get("span_ns").asLong()).isEqualTo(100);
        assertThat(root.get("burdened_span_ns").asLong()).isEqualTo(160);
        assertThat(root.get("parallelism").asDouble()).isEqualTo(10.0);
        assertThat(root.get("burdened_parallelism").asDouble()).isEqualTo(6.25);
        assertThat(root.get("spawns").asLong()).isEqualTo(10);
        assertThat(root.get("syncs").asLong()).isEqualTo(12);
        assertThat(root.get("average_maximal_strand_ns").asLong()).isEqualTo(30);   // 1000 / 33 = 30.3, whole ns
        assertThat(root.get("elapsed_ns").asLong()).isEqualTo(1_234_567);
        assertThat(root.get("workers").asInt()).isEqualTo(4);
        assertThat(root.get("threads").asInt()).isEqualTo(5);
        assertThat(root.get("tasks").asLong()).isEqualTo(11);

        JsonNode speedups = root.get("speedup_estimate");
        assertThat(speedups).hasSize(3);
        assertThat(speedups.get(0).get("p").asInt()).isEqualTo(2);
        assertThat(speedups.get(0).get("lower").asDouble()).isEqualTo(1000 / (500 + 272.0));
        assertThat(speedups.get(0).get("upper").asDouble()).isEqualTo(2.0);
        assertThat(speedups.get(2).get("p").asInt()).isEqualTo(8);
        assertThat(speedups.get(2).get("lower").asDouble()).isEqualTo(1000 / (125 + 272.0));
        assertThat(speedups.get(2).get("upper").asDouble()).isEqualTo(8.0);

        JsonNode diagnosis = root.get("diagnosis");
        assertThat(diagnosis).hasSize(2);
        assertThat(diagnosis.get(0).get("kind").asText()).isEqualTo("low_parallelism");
        assertThat(diagnosis.get(0).get("message").asText()).startsWith("not enough parallelism for near-linear speedup on 8 processors:");
        assertThat(diagnosis.get(1).get("kind").asText()).isEqualTo("short_strands");

        assertThat(root.get("warnings")).hasSize(1);
        assertThat(root.get("warnings").get(0).asText()).isEqualTo("x.fsk: something odd");
        assertThat(root.get("info").get("java.version").asText()).isEqualTo("17.0.21");
    }

    @Test
    void regionsInOrderWithTheSameMetrics() throws Exception {
        JsonNode regions = parse(render(new JsonReport(), Fixtures.timeRecording())).get("regions");
        assertThat(regions).hasSize(3);
        for (JsonNode r : regions) {
            assertThat(r.fieldNames()).toIterable().containsAll(METRICS).contains("label", "thread", "start_ns", "unjoined");
        }
        assertThat(regions.findValuesAsText("label")).containsExactly("sort", "merge, \"final\"", "sort");
        JsonNode merge = regions.get(1);
        assertThat(merge.get("thread").asText()).isEqualTo("ForkJoinPool-1-worker-3");
        assertThat(merge.get("start_ns").asLong()).isEqualTo(3_000_000);
        assertThat(merge.get("unjoined").asLong()).isEqualTo(3);
        assertThat(merge.get("work_ns").asLong()).isEqualTo(300);
        assertThat(merge.get("parallelism").asDouble()).isEqualTo(1.0);
        assertThat(merge.get("elapsed_ns").asLong()).isEqualTo(700);
        assertThat(merge.get("speedup_estimate").get(0).get("lower").asDouble()).isEqualTo(300 / (150 + 510.0));
        assertThat(merge.get("speedup_estimate").get(0).get("upper").asDouble()).isEqualTo(1.0);
        JsonNode sort2 = regions.get(2);
        assertThat(sort2.get("burdened_parallelism").asDouble()).isEqualTo(10.0);
        assertThat(sort2.get("diagnosis").findValuesAsText("kind"))
                .containsExactly("low_parallelism", "fine_grained_tasks", "short_strands");
    }

    @Test
    void abstractUnitKeepsTheKeys() throws Exception {
        RegionRecord r = new RegionRecord("r", "main", 77, new WorkSpan(40, 4, 8, 1, 1, 900), 0);
        JsonNode root = parse(render(new JsonReport(),
                recording("abstract", new WorkSpan(4000, 400, 500, 2, 2, 123_456), List.of(r), List.of(), false)));
        assertThat(root.get("unit").asText()).isEqualTo("abstract");
        assertThat(root.get("burden_ns").asLong()).isEqualTo(100);
        assertThat(root.get("burden_source").asText()).isEqualTo("option");
        assertThat(root.get("complete").asBoolean()).isFalse();
        assertThat(root.get("work_ns").asLong()).isEqualTo(4000);
        assertThat(root.get("average_maximal_strand_ns").asLong()).isEqualTo(571); // 4000 / (1 + 2·2 + 2) = 571.4
        assertThat(root.get("elapsed_ns").asLong()).isEqualTo(123_456);
        assertThat(root.get("diagnosis").findValuesAsText("kind")).containsExactly("low_parallelism");
        assertThat(root.get("regions").get(0).get("start_ns").asLong()).isEqualTo(77);
        assertThat(root.get("regions").get(0).get("elapsed_ns").asLong()).isEqualTo(900);
    }

    @Test
    void sectionWithoutWork() throws Exception {
        JsonNode root = parse(render(new JsonReport(), recording("time", WorkSpan.ZERO, List.of(), List.of(), true)));
        assertThat(root.get("parallelism").asDouble()).isZero();
        assertThat(root.get("burdened_parallelism").isDouble()).isTrue();
        assertThat(root.get("speedup_estimate")).isEmpty();
        assertThat(root.get("diagnosis")).isEmpty();
        assertThat(root.get("regions")).isEmpty();
    }

    /** A recorder that failed closed its file: the end block is there, yet the recording is not complete. */
    @Test
    void aFailedRecordingIsNotComplete() throws Exception {
        io.forkscope.model.Recording ended = Fixtures.timeRecording();
        io.forkscope.model.Recording failed = new io.forkscope.model.Recording(ended.info(), ended.wholeRun(),
                ended.regions(), List.of("x.fsk: the recorder failed internally"), true, null,
                new io.forkscope.model.RecorderFailure(5, "boom"), false);
        JsonNode root = parse(render(new JsonReport(), failed));
        assertThat(root.get("complete").asBoolean()).isFalse();
        assertThat(root.get("warnings").get(0).asText()).isEqualTo("x.fsk: the recorder failed internally");
        assertThat(parse(render(new JsonReport(), ended)).get("complete").asBoolean()).isTrue();
    }
}
