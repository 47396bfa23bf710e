package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
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
    private static ChromeTrace.Written written;

    static JsonNode trace(Dag dag) throws Exception {
        StringWriter out = new StringWriter();
        written = ChromeTrace.write(dag, ParallelismProfile.of(dag), "run.fsk", out);
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

    /**
     * With call sites (format 1.6): a node in a site gets the site's id, where, kind and callee in
     * its args (no callee when unknown); a node in none (-1), or without a table, gets none of them.
     */
    @Test
    void nodesInACallSiteNameItInTheirArgs() throws Exception {
        Dag slow = DelayFixtures.delayedSlow();
        List<DagNode> nodes = new ArrayList<>();
        int[] siteOf = {-1, 1, 0, 0};
        for (DagNode n : slow.nodes()) {
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), n.work(), n.span(), n.ends(), n.in(),
                    n.strands(), n.creates(), n.waits(), n.taskEnds(), n.innerDelay(), siteOf[n.id()]));
        }
        Dag dag = new Dag(nodes, slow.workers(), slow.begin(), slow.finish());
        io.forkscope.model.sites.SiteProfile none = new io.forkscope.model.sites.SiteProfile(List.of(), 0, 0);
        io.forkscope.model.sites.RecordedSites sites = new io.forkscope.model.sites.RecordedSites(List.of(
                new io.forkscope.model.sites.CallSite(0, 0, "app.Fib$FibTask", "compute", "()Ljava/lang/Long;", 31,
                        52, "Fib.java", io.forkscope.model.sites.SiteKind.CALL, "FibTask.compute"),
                new io.forkscope.model.sites.CallSite(1, 0, "app.Fib$FibTask", "compute", "()Ljava/lang/Long;", 20,
                        -1, null, io.forkscope.model.sites.SiteKind.FORK, null)),
                new io.forkscope.model.sites.SitesResult(0, 0, none, none, 0));
        StringWriter out = new StringWriter();
        ChromeTrace.write(dag, ParallelismProfile.of(dag), "run.fsk", out, sites);
        List<JsonNode> slices = events(JSON.readTree(out.toString()), "X");
        assertThat(slices).hasSize(4);
        assertThat(slices.get(0).get("args").has("site")).isFalse();
        JsonNode fork = slices.get(1).get("args");
        assertThat(fork.get("site").asInt()).isEqualTo(1);
        assertThat(fork.get("site_where").asText()).isEqualTo("app.Fib$FibTask.compute@20");
        assertThat(fork.get("site_kind").asText()).isEqualTo("fork");
        assertThat(fork.has("site_callee")).isFalse();
        for (JsonNode call : List.of(slices.get(2).get("args"), slices.get(3).get("args"))) {
            assertThat(call.get("site").asInt()).isZero();
            assertThat(call.get("site_where").asText()).isEqualTo("Fib.java:52");
            assertThat(call.get("site_kind").asText()).isEqualTo("call");
            assertThat(call.get("site_callee").asText()).isEqualTo("FibTask.compute");
        }
        for (JsonNode e : events(trace(dag), "X")) {
            assertThat(e.get("args").has("site")).as("no table, no site").isFalse();
        }
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
        assertThat(a.get("args").has("in")).isFalse();          // no in-edge: neither "in" nor ready_by
        assertThat(a.get("args").has("ready_by")).isFalse();
        assertThat(a.get("args").has("worker")).isFalse();      // on its worker's track, which names it
        assertThat(a.has("cat")).isFalse();                     // a strand: its name says what ended it
        JsonNode b = slices.get(1);
        assertThat(b.get("name").asText()).isEqualTo("collapsed \u00d77 strands");
        assertThat(b.get("ts").decimalValue()).isEqualByComparingTo("25");
        assertThat(b.get("dur").decimalValue()).isEqualByComparingTo("10");
        assertThat(b.get("tid").asInt()).isEqualTo(2);
        assertThat(b.get("args").get("work_ns").asLong()).isEqualTo(9000);
        assertThat(b.get("args").get("delay_ns").asLong()).isEqualTo(15000);
        assertThat(b.get("args").get("strands").asLong()).isEqualTo(7);
        // one in-edge: ready_by says it, "in" is left out
        assertThat(b.get("args").get("ready_by").asText()).isEqualTo("create from node 0 on worker 0");
        assertThat(b.get("args").has("in")).isFalse();
        assertThat(b.get("cat").asText()).isEqualTo("collapsed");
        JsonNode d = slices.get(3);
        assertThat(d.get("args").get("in")).hasSize(2);                 // two in-edges: "in" lists them
        assertThat(d.get("name").asText()).isEqualTo("end");
        assertThat(d.get("args").get("delay_ns").asLong()).isZero();
        assertThat(d.get("args").get("ready_by").asText()).isEqualTo("end from node 1 on worker 1");

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
            // a series holds its last value until its next event: the one at or before 20 us
            if (c.get("name").asText().equals("ready create") && c.get("ts").decimalValue().compareTo(new BigDecimal("20")) <= 0) {
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
        // the slice on the overlap track says its worker; the one on the worker's own track needs not
        List<JsonNode> slices = events(root, "X");
        assertThat(slices.get(0).get("tid").asInt()).isEqualTo(1);
        assertThat(slices.get(0).get("args").has("worker")).isFalse();
        assertThat(slices.get(1).get("tid").asInt()).isEqualTo(1_000_001);
        assertThat(slices.get(1).get("args").get("worker").asInt()).isZero();
    }

    static List<JsonNode> idleSlices(JsonNode root) {
        return events(root, "X").stream().filter(e -> e.get("name").asText().equals("idle")).toList();
    }

    static String trackName(JsonNode root, int tid) {
        for (JsonNode m : events(root, "M")) {
            if (m.get("name").asText().equals("thread_name") && m.get("tid").asInt() == tid) {
                return m.get("args").get("name").asText();
            }
        }
        return null;
    }

    /** Worker 1 is busy [22,36) around B [25,35) and [38,39): idle [0,22) [36,38) [39,40) on its own track. */
    @Test
    void idleGapsOfEachWorkerOnItsTrack() throws Exception {
        JsonNode root = trace(DelayFixtures.delayedWithBusy());
        List<JsonNode> idle = idleSlices(root);
        assertThat(idle).hasSize(3);
        assertThat(written.idle()).isEqualTo(3);
        assertThat(written.slices()).isEqualTo(4);
        assertThat(idle).allSatisfy(e -> {
            assertThat(e.get("tid").asInt()).isEqualTo(2);
            assertThat(e.get("cat").asText()).isEqualTo("idle");
            assertThat(e.get("args").get("worker").asInt()).isEqualTo(1);
            assertThat(e.get("args").get("thread").asText()).isEqualTo("pool-1-worker-1");
        });
        assertThat(idle).extracting(e -> e.get("ts").asDouble()).containsExactly(0.0, 0.036, 0.039);
        assertThat(idle).extracting(e -> e.get("args").get("idle_ns").asLong()).containsExactly(22L, 2L, 1L);
        assertThat(idle.get(0).get("dur").decimalValue()).isEqualByComparingTo("0.022");
        assertThat(trackName(root, 1)).isEqualTo("worker 0 (main)");
        assertThat(trackName(root, 2)).isEqualTo("worker 1 (pool-1-worker-1)");
        assertThat(written.tracks()).isEqualTo(2);
        assertNoPartialOverlap(root);
        // without busy intervals there is nothing idle to show
        assertThat(idleSlices(trace(DelayFixtures.delayed()))).isEmpty();
        assertThat(written.idle()).isZero();
    }

    /** Worker 0 claims to be busy only [0,10) but runs a node [5,15): its idle [10,15) gets a track of its own. */
    @Test
    void idleThatWouldOverlapANodeGoesToATrackOfItsOwn() throws Exception {
        Dag dag = new Dag(List.of(DagNode.strand(0, 0, 5, 15, NodeEnd.END, List.of())), 1, 0, 15,
                List.of(new WorkerBusy(0, "main", new long[] {0, 10})));
        JsonNode root = trace(dag);
        List<JsonNode> idle = idleSlices(root);
        assertThat(idle).singleElement().satisfies(e -> {
            assertThat(e.get("ts").decimalValue()).isEqualByComparingTo("0.010");
            assertThat(e.get("tid").asInt()).isNotEqualTo(1);
        });
        int tid = idle.get(0).get("tid").asInt();
        assertThat(trackName(root, tid)).isEqualTo("worker 0 idle");
        assertThat(trackName(root, 1)).isEqualTo("worker 0 (main)");
        assertNoPartialOverlap(root);
    }

    @Test
    void aGapOverlapsANodeOnlyWhenTheyShareTime() {
        long[] gaps = {0, 10, 20, 30};
        assertThat(ChromeTrace.overlapsAGap(gaps, 10, 20)).isFalse();   // between the gaps, touching both
        assertThat(ChromeTrace.overlapsAGap(gaps, 9, 12)).isTrue();
        assertThat(ChromeTrace.overlapsAGap(gaps, 12, 21)).isTrue();
        assertThat(ChromeTrace.overlapsAGap(gaps, 5, 5)).isTrue();      // an empty node inside a gap
        assertThat(ChromeTrace.overlapsAGap(gaps, 20, 20)).isFalse();   // ... at its edge
        assertThat(ChromeTrace.overlapsAGap(gaps, 30, 40)).isFalse();
        assertThat(ChromeTrace.overlapsAGap(gaps, -5, 40)).isTrue();
        assertThat(ChromeTrace.overlapsAGap(new long[0], 0, 1)).isFalse();
    }

    @Property(tries = 200)
    void withRandomBusyIntervalsSlicesOnOneTrackStillNest(@ForAll long seed,
                                                         @ForAll @IntRange(min = 1, max = 4) int workers,
                                                         @ForAll @IntRange(min = 1, max = 40) int size) throws Exception {
        Random rnd = new Random(seed);
        Dag run = io.forkscope.analysis.delay.RandomSchedules.randomRun(rnd, workers, size);
        List<WorkerBusy> busy = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            long[] raw = new long[2 * rnd.nextInt(5)];
            for (int i = 0; i < raw.length; i += 2) {
                raw[i] = run.begin() + (long) (rnd.nextDouble() * (run.elapsed() + 1));
                raw[i + 1] = raw[i] + (long) (rnd.nextDouble() * (run.elapsed() / 2 + 1));
            }
            busy.add(WorkerBusy.merged(w, "w" + w, raw));
        }
        Dag dag = new Dag(run.nodes(), run.workers(), run.begin(), run.finish(), busy);
        JsonNode root = trace(dag);
        assertNoPartialOverlap(root);
        // idle never shares time with a node on one track, not even nested
        for (JsonNode i : idleSlices(root)) {
            BigDecimal from = i.get("ts").decimalValue();
            BigDecimal to = from.add(i.get("dur").decimalValue());
            for (JsonNode n : events(root, "X")) {
                if (n.get("tid").equals(i.get("tid")) && !n.get("name").asText().equals("idle")) {
                    BigDecimal s = n.get("ts").decimalValue();
                    BigDecimal e = s.add(n.get("dur").decimalValue());
                    boolean apart = e.compareTo(from) <= 0 || s.compareTo(to) >= 0;
                    assertThat(apart).as("idle %s..%s and node %s..%s", from, to, s, e).isTrue();
                }
            }
        }
        long idle = 0;
        for (JsonNode e : idleSlices(root)) {
            idle += e.get("args").get("idle_ns").asLong();
        }
        long expected = 0;
        for (WorkerBusy b : busy) {
            expected += run.elapsed() - b.busyWithin(run.begin(), run.finish());
        }
        assertThat(idle).isEqualTo(expected);
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

    /** What a write says it wrote is the JSON's length: each option, through the stream form and in memory. */
    @Test
    void theWrittenBytesAreTheJsonsLength() throws Exception {
        for (Dag dag : List.of(DelayFixtures.delayed(), DelayFixtures.delayedWithBusy())) {
            for (ChromeTrace.Options options : List.of(ChromeTrace.Options.ALL, new ChromeTrace.Options(false, true),
                    new ChromeTrace.Options(true, false), new ChromeTrace.Options(false, false))) {
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                ChromeTrace.Written w = ChromeTrace.write(dag, io.forkscope.analysis.delay.ReadyTimes.of(dag), "run.fsk",
                        out, null, options);
                assertThat(w.bytes()).isEqualTo(out.size()).isPositive();
            }
            StringWriter text = new StringWriter();
            ChromeTrace.Written w = ChromeTrace.write(dag, ParallelismProfile.of(dag), "run.fsk", text);
            assertThat(w.bytes()).isEqualTo(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
    }

    /**
     * The counters' profile is made on another thread: one that comes late gives the trace it gives at
     * once, and one that fails makes the write fail with what it threw, after the slices, without a hang
     * (a writer thread that would wait forever for it fails the test by its timeout).
     */
    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aLateProfileWritesTheSameTraceAndAFailedOneFailsTheWrite() throws Exception {
        for (Dag dag : List.of(DelayFixtures.delayed(), DelayFixtures.delayedWithBusy(), DelayFixtures.delayedSlow())) {
            io.forkscope.analysis.delay.ReadyTimes ready = io.forkscope.analysis.delay.ReadyTimes.of(dag);
            java.io.ByteArrayOutputStream atOnce = new java.io.ByteArrayOutputStream();
            ChromeTrace.write(dag, ready, "run.fsk", atOnce, null, ChromeTrace.Options.ALL);
            java.io.ByteArrayOutputStream late = new java.io.ByteArrayOutputStream();
            ChromeTrace.write(dag, ready, () -> {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return ready.profile();
            }, "run.fsk", late, null, ChromeTrace.Options.ALL);
            assertThat(late.toByteArray()).isEqualTo(atOnce.toByteArray());
            OutOfMemoryError oom = new OutOfMemoryError("test");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChromeTrace.write(dag, ready, () -> {
                throw oom;
            }, "run.fsk", new java.io.ByteArrayOutputStream(), null, ChromeTrace.Options.ALL)).isSameAs(oom);
            IllegalStateException broken = new IllegalStateException("profile");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChromeTrace.write(dag, ready, () -> {
                throw broken;
            }, "run.fsk", new java.io.ByteArrayOutputStream(), null, ChromeTrace.Options.ALL)).isSameAs(broken);
        }
    }
}
