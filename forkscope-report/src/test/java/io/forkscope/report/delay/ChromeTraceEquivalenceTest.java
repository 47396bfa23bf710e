package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The byte writer ({@link ChromeTrace}) against the Jackson writer it replaced
 * ({@link ChromeTraceReference}): the same text, byte for byte, on the hand-built DAGs and on random
 * ones with everything a trace can hold (collapsed nodes, call sites in and out of the table, nodes
 * that overlap on a worker, busy intervals, ids out of each worker's time order, names that need
 * escaping); and each option leaves out exactly what it says, every other event as it was.
 */
class ChromeTraceEquivalenceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static String reference(Dag dag, RecordedSites sites) throws IOException {
        StringWriter out = new StringWriter();
        ChromeTraceReference.write(dag, ParallelismProfile.of(dag), "run \"1\".fsk", out, sites);
        return out.toString();
    }

    /** The Writer API (the profile given) and the stream API (the profile made from the ready times) agree. */
    static String written(Dag dag, RecordedSites sites) throws IOException {
        StringWriter out = new StringWriter();
        ChromeTrace.write(dag, ParallelismProfile.of(dag), "run \"1\".fsk", out, sites);
        String viaStream = stream(dag, sites, ChromeTrace.Options.ALL);
        assertThat(viaStream).isEqualTo(out.toString());
        ByteArrayOutputStream concurrent = new ByteArrayOutputStream();       // the ready times made meanwhile
        ChromeTrace.write(dag, "run \"1\".fsk", concurrent, sites, ChromeTrace.Options.ALL);
        assertThat(concurrent.toString(StandardCharsets.UTF_8)).isEqualTo(viaStream);
        return viaStream;
    }

    static String stream(Dag dag, RecordedSites sites, ChromeTrace.Options options) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ChromeTrace.write(dag, ReadyTimes.of(dag), "run \"1\".fsk", bytes, sites, options);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static void assertSame(Dag dag, RecordedSites sites) throws IOException {
        assertThat(written(dag, sites)).isEqualTo(reference(dag, sites));
    }

    @Test
    void theHandBuiltDags() throws IOException {
        for (Dag d : List.of(DelayFixtures.delayed(), DelayFixtures.delayedWithBusy(), DelayFixtures.delayedSlow(),
                DelayFixtures.delayedSlow(10_000_003), new Dag(List.of(), 1, 0, 0), new Dag(List.of(), 2, 5, 9),
                new Dag(List.of(DagNode.strand(0, 0, 0, 10, NodeEnd.END, List.of()),
                        DagNode.strand(1, 0, 5, 15, NodeEnd.END, List.of())), 1, 0, 15),
                new Dag(List.of(DagNode.strand(0, 0, 5, 15, NodeEnd.END, List.of())), 1, 0, 15,
                        List.of(new WorkerBusy(0, "main", new long[] {0, 10}))), wide(70))) {
            assertSame(d, null);
            assertSame(d, sites(new Random(d.nodes().size()), 3));
        }
    }

    /**
     * One node that creates {@code n} others, run one after the other on one worker: up to n - 1 ready at
     * once, whole counts past those whose counter events the writer makes beforehand.
     */
    static Dag wide(int n) {
        List<DagNode> nodes = new ArrayList<>();
        nodes.add(DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()));
        for (int i = 1; i <= n; i++) {
            nodes.add(DagNode.strand(i, 0, 10 + 3 * i, 12 + 3 * i, NodeEnd.END,
                    List.of(new io.forkscope.model.dag.Edge(0, EdgeKind.CREATE))));
        }
        return new Dag(nodes, 1, 0, 20 + 3 * n);
    }

    @Test
    void countsPastTheWholeTails() throws IOException {
        assertThat(written(wide(70), null)).contains("\"create\":69.0}").contains("\"create\":64.0}");
    }

    @Property(tries = 1000)
    void randomDags(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                    @ForAll @IntRange(min = 0, max = 50) int size) throws IOException {
        Random rnd = new Random(seed);
        Dag dag = randomDag(rnd, workers, size);
        assertSame(dag, rnd.nextBoolean() ? null : sites(rnd, rnd.nextInt(6)));
    }

    /** --no-args takes every slice's args away and nothing else; --no-counters every counter event and nothing else. */
    @Property(tries = 300)
    void optionsLeaveOutWhatTheySayAndOnlyThat(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int workers,
                                               @ForAll @IntRange(min = 0, max = 40) int size) throws IOException {
        Random rnd = new Random(seed);
        Dag dag = randomDag(rnd, workers, size);
        RecordedSites sites = rnd.nextBoolean() ? null : sites(rnd, 3);
        JsonNode all = JSON.readTree(reference(dag, sites));
        for (boolean args : new boolean[] {true, false}) {
            for (boolean counters : new boolean[] {true, false}) {
                JsonNode expected = all.deepCopy();
                ArrayNode events = (ArrayNode) expected.get("traceEvents");
                for (int i = events.size() - 1; i >= 0; i--) {
                    ObjectNode e = (ObjectNode) events.get(i);
                    String ph = e.get("ph").asText();
                    if (!counters && ph.equals("C")) {
                        events.remove(i);
                    } else if (!args && ph.equals("X")) {
                        e.remove("args");
                    }
                }
                ChromeTrace.Options options = new ChromeTrace.Options(args, counters);
                String text = stream(dag, sites, options);
                ByteArrayOutputStream concurrent = new ByteArrayOutputStream();   // the ready times made meanwhile
                ChromeTrace.write(dag, "run \"1\".fsk", concurrent, sites, options);
                assertThat(concurrent.toString(StandardCharsets.UTF_8)).isEqualTo(text);
                JsonNode got = JSON.readTree(text);
                assertThat(got).as("args %s, counters %s", args, counters).isEqualTo(expected);
            }
        }
    }

    /**
     * The random DAGs reach every kind of event and value the writer has a path for: otherwise the
     * properties above would prove less than they say.
     */
    @Test
    void theRandomDagsReachEveryPath() throws IOException {
        Random rnd = new Random(2026);
        boolean overlap = false;
        boolean collapsed = false;
        boolean siteArgs = false;
        boolean callee = false;
        boolean idle = false;
        boolean fraction = false;
        boolean negative = false;
        boolean outOfOrder = false;
        boolean flows = false;
        for (int i = 0; i < 300; i++) {
            Dag dag = randomDag(rnd, 1 + rnd.nextInt(4), rnd.nextInt(40));
            DagNodes nodes = dag.table();
            int[] fast = nodes.byWorkerThenStart(true);
            outOfOrder |= fast.length > 1 && !java.util.Arrays.equals(fast, countingSortByWorker(nodes));
            String text = written(dag, sites(rnd, 4));
            overlap |= text.contains("(overlap 1)");
            collapsed |= text.contains("\"cat\":\"collapsed\"");
            siteArgs |= text.contains("\"site_where\":");
            callee |= text.contains("\"site_callee\":");
            idle |= text.contains("\"cat\":\"idle\"");
            fraction |= java.util.regex.Pattern.compile("\"running\":0\\.[0-9]*[1-9]").matcher(text).find();
            negative |= text.contains("\"ts\":-");
            flows |= text.contains("\"bp\":\"e\"");
        }
        assertThat(List.of(overlap, collapsed, siteArgs, callee, idle, fraction, negative, outOfOrder, flows))
                .containsOnly(true);
    }

    /** The ids by worker alone, each worker's in id order. */
    static int[] countingSortByWorker(DagNodes nodes) {
        return java.util.stream.IntStream.range(0, nodes.size()).boxed()
                .sorted(java.util.Comparator.comparingInt(nodes::worker)).mapToInt(Integer::intValue).toArray();
    }

    /** A thread's name that UTF-8 cannot hold (a lone surrogate) is written with U+FFFD in its place. */
    @Test
    void aNameUtf8CannotHold() throws IOException {
        Dag d = DelayFixtures.delayed();
        Dag dag = new Dag(d.nodes(), d.workers(), d.begin(), d.finish(),
                List.of(new WorkerBusy(1, "w\ud800\"1", new long[] {20, 36})));
        JsonNode root = JSON.readTree(stream(dag, null, ChromeTrace.Options.ALL));
        List<String> threads = new ArrayList<>();
        root.get("traceEvents").forEach(e -> {
            if (e.get("name").asText().equals("idle")) {
                threads.add(e.get("args").get("thread").asText());
            }
        });
        assertThat(threads).isNotEmpty().containsOnly("w\ufffd\"1");
        assertThat(ChromeTraceTest.trackName(root, 2)).isEqualTo("worker 1 (w\ufffd\"1)");
    }

    static final String[] NAMES = {"main", "ForkJoinPool-1-worker-1", "pool \"quoted\"", "back\\slash", "tab\tnew\nline",
        "caf\u00e9 \u00d7", "\u4e2d\u6587", "\ud83d\ude80", "\u0001\u001f", ""};

    /**
     * A DAG with everything a trace shows: nodes on random workers (indices with gaps), at random times
     * (so ids need not follow each worker's time, and nodes may overlap there), collapsed ones, random
     * sites (some outside any table), edges of every kind, busy intervals with names that need escaping.
     */
    static Dag randomDag(Random rnd, int workers, int size) {
        int[] workerIds = new int[workers];
        for (int w = 0; w < workers; w++) {
            workerIds[w] = w == 0 ? rnd.nextInt(2) : workerIds[w - 1] + 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(3) : 0);
        }
        boolean inOrder = rnd.nextBoolean();         // each worker's nodes in time order by id, as recorded
        long[] free = new long[workerIds[workers - 1] + 1];
        List<DagNode> nodes = new ArrayList<>();
        long begin = rnd.nextInt(3) == 0 ? -rnd.nextInt(50) : rnd.nextInt(20);
        for (int id = 0; id < size; id++) {
            List<Edge> in = new ArrayList<>();
            int preds = id == 0 ? 0 : rnd.nextInt(Math.min(3, id) + 1);
            for (int k = 0; k < preds; k++) {
                int from = rnd.nextInt(id);
                if (in.stream().noneMatch(e -> e.from() == from)) {
                    in.add(new Edge(from, EdgeKind.values()[rnd.nextInt(EdgeKind.values().length)]));
                }
            }
            int w = workerIds[rnd.nextInt(workers)];
            long start;
            if (inOrder) {
                long ready = begin;
                for (Edge e : in) {
                    ready = Math.max(ready, nodes.get(e.from()).end());
                }
                start = Math.max(ready, free[w]) + (rnd.nextBoolean() ? 0 : rnd.nextInt(20));
            } else {
                start = begin + rnd.nextInt(200);    // anywhere: out of order, overlapping, before its predecessors
            }
            long length = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextInt(3000);
            long end = start + length;
            free[w] = Math.max(free[w], end);
            NodeEnd ends = NodeEnd.values()[rnd.nextInt(3)];
            int site = rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(8);
            long notRunning = length > 0 && rnd.nextInt(4) == 0 ? rnd.nextInt((int) length + 1) : 0;
            long work = length - notRunning - (length - notRunning > 0 && rnd.nextBoolean()
                    ? rnd.nextInt((int) (length - notRunning) + 1) : 0);
            if (rnd.nextInt(4) == 0) {
                long strands = 2 + rnd.nextInt(9);
                nodes.add(new DagNode(id, w, start, end, work, work == 0 ? 0 : rnd.nextInt((int) work + 1), ends, in,
                        strands, rnd.nextInt(5), rnd.nextInt(5), rnd.nextInt(3), rnd.nextInt(100), site, List.of(),
                        notRunning));
            } else {
                nodes.add(new DagNode(id, w, start, end, work, work, ends, in, 1, 0, 0, ends == NodeEnd.END ? 1 : 0, 0,
                        site, List.of(), notRunning));
            }
        }
        long last = nodes.stream().mapToLong(DagNode::end).max().orElse(begin);
        long first = nodes.stream().mapToLong(DagNode::start).min().orElse(begin);
        long finish = Math.max(last, begin) + rnd.nextInt(10);
        List<WorkerBusy> busy = new ArrayList<>();
        if (rnd.nextBoolean()) {
            for (int w : workerIds) {
                if (rnd.nextInt(4) == 0) {
                    continue;
                }
                long[] raw = new long[2 * rnd.nextInt(5)];
                for (int i = 0; i < raw.length; i += 2) {
                    raw[i] = Math.min(first, begin) + rnd.nextInt((int) (finish - Math.min(first, begin)) + 1);
                    raw[i + 1] = raw[i] + rnd.nextInt(500);
                }
                busy.add(WorkerBusy.merged(w, NAMES[rnd.nextInt(NAMES.length)], raw));
            }
        }
        return new Dag(nodes, workers, begin, finish, busy);
    }

    /** A table of {@code count} sites with names that need escaping, half with a callee. */
    static RecordedSites sites(Random rnd, int count) {
        List<CallSite> sites = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean line = rnd.nextBoolean();
            sites.add(new CallSite(i, 0, "app.Fib$" + NAMES[rnd.nextInt(NAMES.length)], "compute", "()V",
                    rnd.nextInt(40), line ? 1 + rnd.nextInt(99) : -1, line ? "F\"ib\u00e9.java" : null,
                    SiteKind.values()[rnd.nextInt(SiteKind.values().length)],
                    rnd.nextBoolean() ? null : "Task." + NAMES[rnd.nextInt(NAMES.length)]));
        }
        SiteProfile none = new SiteProfile(List.of(), 0, 0);
        return new RecordedSites(sites, new SitesResult(0, 0, none, none, 0));
    }
}
