package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.sites.RecordedSites;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link TraceSize#estimate} against the bytes {@link ChromeTrace} writes: within some 5% on DAGs shaped and
 * timed as recorded ones (fib's, seconds into a run; 0.98-1.03 measured), within a quarter at any scale,
 * and each option's part where the writer puts it.
 */
class TraceSizeTest {
    private static final ChromeTrace.Options[] EACH = {ChromeTrace.Options.ALL, new ChromeTrace.Options(true, false),
        new ChromeTrace.Options(false, true), new ChromeTrace.Options(false, false)};

    @Test
    void closeOnFibsDagsOfALongRun() throws IOException {
        for (int n : new int[] {14, 18, 21}) {
            for (int workers : new int[] {1, 2, 4}) {
                Dag dag = fib(n, workers, new Random(n * 31L + workers));
                for (RecordedSites sites : new RecordedSites[] {null,
                    ChromeTraceEquivalenceTest.sites(new Random(n), 8)}) {
                    for (ChromeTrace.Options o : EACH) {
                        long written = written(dag, sites, o);
                        long estimate = TraceSize.estimate(dag, sites, o);
                        assertThat((double) estimate / written).as("fib(%d) on %d worker(s), %s, %s sites", n,
                                workers, o, sites == null ? "no" : "with").isBetween(0.93, 1.08);
                    }
                }
            }
        }
    }

    /**
     * fib's DAG at any time into a run (from the 0.1 s that a JVM takes to start), with nodes of any length
     * and any share stolen: its numbers may be shorter and its arrows many, and the estimate within a
     * quarter (0.89-1.12 in 5,000 tries).
     */
    @Property(tries = 300)
    void theSameOrderAtAnyScale(@ForAll long seed, @ForAll @IntRange(min = 2, max = 14) int n,
                                @ForAll @IntRange(min = 1, max = 4) int workers) throws IOException {
        Random rnd = new Random(seed);
        long begin = 100_000_000L + (long) (rnd.nextDouble() * 1e11);      // 0.1-100 s into the run
        int gap = 1 + rnd.nextInt(rnd.nextBoolean() ? 50 : 100_000);
        int length = 1 + rnd.nextInt(rnd.nextBoolean() ? 50 : 1_000_000);
        Dag dag = fib(n, workers, rnd, begin, gap, length, rnd.nextInt(4) + 1);
        RecordedSites sites = rnd.nextBoolean() ? null : ChromeTraceEquivalenceTest.sites(rnd, 8);
        for (ChromeTrace.Options o : EACH) {
            assertThat((double) TraceSize.estimate(dag, sites, o) / written(dag, sites, o)).as("%s", o)
                    .isBetween(0.8, 1.25);
        }
    }

    /** The parts add up as the options say: each option takes its own part, and no other. */
    @Test
    void eachOptionAddsItsPart() {
        Dag dag = fib(12, 2, new Random(3));
        TraceSize size = TraceSize.of(dag, ChromeTraceEquivalenceTest.sites(new Random(3), 8));
        assertThat(size.always()).isPositive();
        assertThat(size.args()).isPositive();
        assertThat(size.counters())
                .isEqualTo((long) dag.nodes().size() * TraceSize.COUNTERS_A_NODE * TraceSize.COUNTER);
        assertThat(size.bytes(new ChromeTrace.Options(false, false))).isEqualTo(size.always());
        assertThat(size.bytes(new ChromeTrace.Options(true, false))).isEqualTo(size.always() + size.args());
        assertThat(size.bytes(new ChromeTrace.Options(false, true))).isEqualTo(size.always() + size.counters());
        assertThat(size.bytes(ChromeTrace.Options.ALL)).isEqualTo(size.always() + size.args() + size.counters());
    }

    /** What --no-counters and --no-args take away is what their parts of the estimate say, on fib's DAG. */
    @Test
    void eachOptionsShareIsWhereTheWriterPutsIt() throws IOException {
        Dag dag = fib(20, 2, new Random(7));
        long all = written(dag, null, ChromeTrace.Options.ALL);
        long noCounters = written(dag, null, new ChromeTrace.Options(true, false));
        long neither = written(dag, null, new ChromeTrace.Options(false, false));
        double counters = TraceSize.estimate(dag, null, ChromeTrace.Options.ALL)
                - TraceSize.estimate(dag, null, new ChromeTrace.Options(true, false));
        double args = TraceSize.estimate(dag, null, new ChromeTrace.Options(true, false))
                - TraceSize.estimate(dag, null, new ChromeTrace.Options(false, false));
        assertThat(counters / (all - noCounters)).isBetween(0.93, 1.08);
        assertThat(args / (noCounters - neither)).isBetween(0.93, 1.08);
    }

    private static long written(Dag dag, RecordedSites sites, ChromeTrace.Options options) throws IOException {
        Counting out = new Counting();
        ChromeTrace.Written w = ChromeTrace.write(dag, ReadyTimes.of(dag), "run.fsk", out, sites, options);
        assertThat(w.bytes()).isEqualTo(out.bytes);
        return out.bytes;
    }

    /**
     * fib(n)'s DAG as a work-first run records it, 2 s into the run: a task of n ≥ 2 forks fib(n - 1) (a
     * "create" node), computes fib(n - 2) in its continuation (ended by the wait) and joins the child
     * (a node after the wait, with the continuation's and the child's last nodes as in-edges); a task of
     * n < 2 is one node. Nodes of 0.1-3 µs, a child stolen by another worker now and then, most nodes in
     * one of 8 call sites.
     */
    static Dag fib(int n, int workers, Random rnd) {
        return fib(n, workers, rnd, 2_000_000_000L, 3000, 2900, 20);
    }

    /**
     * @param begin   the run's begin (ns), the first node's a gap later
     * @param gap     between nodes, 200 ns plus up to this
     * @param length  of a node, 100 ns plus up to this
     * @param stealOneIn a child runs on a random worker one time in this many
     */
    static Dag fib(int n, int workers, Random rnd, long begin, int gap, int length, int stealOneIn) {
        Fib f = new Fib(workers, rnd, begin, gap, length, stealOneIn);
        f.task(n, -1, null, 0);
        return new Dag(f.nodes, workers, begin, f.clock + 100);
    }

    private static final class Fib {
        final List<DagNode> nodes = new ArrayList<>();
        final int workers;
        final Random rnd;
        final int gap;
        final int length;
        final int stealOneIn;
        long clock;

        Fib(int workers, Random rnd, long begin, int gap, int length, int stealOneIn) {
            this.workers = workers;
            this.rnd = rnd;
            this.clock = begin;
            this.gap = gap;
            this.length = length;
            this.stealOneIn = stealOneIn;
        }

        /** @return the task's last node */
        int task(int n, int from, EdgeKind kind, int worker) {
            if (n < 2) {
                return node(worker, NodeEnd.END, in(from, kind));
            }
            int fork = node(worker, NodeEnd.CREATE, in(from, kind));
            int thief = rnd.nextInt(stealOneIn) == 0 ? rnd.nextInt(workers) : worker;
            int child = task(n - 1, fork, EdgeKind.CREATE, thief);
            int inline = node(worker, NodeEnd.WAIT, in(fork, EdgeKind.CREATE_CONT));
            int last = task(n - 2, inline, EdgeKind.WAIT_CONT, worker);
            return node(worker, NodeEnd.END,
                    List.of(new Edge(last, EdgeKind.WAIT_CONT), new Edge(child, EdgeKind.END)));
        }

        private static List<Edge> in(int from, EdgeKind kind) {
            return from < 0 ? List.of() : List.of(new Edge(from, kind));
        }

        private int node(int worker, NodeEnd ends, List<Edge> in) {
            clock += 200 + rnd.nextInt(gap);
            long start = clock;
            clock += 100 + rnd.nextInt(length);
            long work = clock - start;
            int site = rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(8);        // in the table of 8 sites or none
            nodes.add(new DagNode(nodes.size(), worker, start, clock, work, work, ends, in, 1, 0, 0,
                    ends == NodeEnd.END ? 1 : 0, 0, site, List.of(), 0));
            return nodes.size() - 1;
        }
    }

    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
