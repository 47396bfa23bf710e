package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.StackSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link SampledContexts}' estimated path (the paper's per-sample idleness, used without busy
 * intervals) against a tick-by-tick count, and the sampling period's unit.
 *
 * <p>The runs are blocks of sampling ticks: in each block a set W of the P workers runs a task
 * (method {@code app.B<k>.run}) and is sampled at every tick, the others scan for work (a worker
 * stack without a task); between blocks, 3 ticks without samples, so the ±2.5-period window that
 * tells which workers work sees exactly W. Tick by tick, the definition: at each tick |W| workers
 * work one period each and P − |W| idle one period each, the idleness charged to the working
 * contexts. So block k's context has work L·|W|·period and idleness L·(P − |W|)·period.
 */
class EstimatedIdlenessTest {
    private static final long PERIOD = 10_000_000L;   // 10 ms
    private static final int GAP = 3;                 // ticks without samples between blocks

    /** A block: {@code ticks} sampling ticks in which the workers in {@code working} run a task. */
    record Block(int ticks, Set<Integer> working) {
    }

    private static List<Frame> stack(String... topFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : topFirst) {
            int dot = f.lastIndexOf('.');
            frames.add(Frame.of(f.substring(0, dot), f.substring(dot + 1), -1, -1));
        }
        return frames;
    }

    private static StackSample inTask(long thread, long t, int block) {
        return new StackSample(thread, t, stack("app.B" + block + ".run", "java.util.concurrent.RecursiveAction.exec",
                "java.util.concurrent.ForkJoinTask.doExec", "java.util.concurrent.ForkJoinPool.runWorker",
                "java.util.concurrent.ForkJoinWorkerThread.run"), false);
    }

    private static StackSample scanning(long thread, long t) {
        return new StackSample(thread, t, stack("java.util.concurrent.ForkJoinPool.scan",
                "java.util.concurrent.ForkJoinPool.runWorker", "java.util.concurrent.ForkJoinWorkerThread.run"), false);
    }

    private static long thread(int worker) {
        return 100 + worker;
    }

    /** The estimate over these blocks, with P workers sampled at every tick (idle ones scanning). */
    private static SampledContexts.Result estimate(int p, List<Block> blocks) {
        List<StackSample> samples = new ArrayList<>();
        long tick = 0;
        for (int k = 0; k < blocks.size(); k++) {
            Block b = blocks.get(k);
            for (int i = 0; i < b.ticks(); i++, tick++) {
                for (int w = 0; w < p; w++) {
                    samples.add(b.working().contains(w) ? inTask(thread(w), tick * PERIOD, k)
                            : scanning(thread(w), tick * PERIOD));
                }
            }
            tick += GAP;
        }
        Map<Long, JfrSamples.ThreadRate> rates = new HashMap<>();
        Set<Long> ids = new HashSet<>();
        for (int w = 0; w < p; w++) {
            ids.add(thread(w));
            rates.put(thread(w), new JfrSamples.ThreadRate(thread(w), "ForkJoinPool-1-worker-" + w, tick, 0, tick * PERIOD));
        }
        JfrSamples read = new JfrSamples(JfrSampleReader.EXECUTION_SAMPLE, samples, rates, 0, 0, 0);
        return SampledContexts.estimated(read, ids, p, PERIOD, false, List.of());
    }

    /** Tick by tick: per block, {work, idleness} in ns. */
    private static Map<Integer, double[]> tickByTick(int p, List<Block> blocks) {
        Map<Integer, double[]> want = new LinkedHashMap<>();
        for (int k = 0; k < blocks.size(); k++) {
            double[] wi = new double[2];
            for (int i = 0; i < blocks.get(k).ticks(); i++) {
                int working = blocks.get(k).working().size();
                wi[0] += working * (double) PERIOD;
                wi[1] += (p - working) * (double) PERIOD;
            }
            want.put(k, wi);
        }
        return want;
    }

    private static int context(ContextTree tree, int block) {
        for (int c : tree.children(ContextTree.ROOT)) {
            if (tree.frame(c).label().equals("app.B" + block + ".run")) {
                return c;
            }
        }
        throw new AssertionError("no context app.B" + block + ".run in " + tree.size() + " nodes");
    }

    private static void assertMatches(int p, List<Block> blocks) {
        SampledContexts.Result r = estimate(p, blocks);
        ContextProfile prof = r.profile();
        assertThat(r.idleness()).isEqualTo(SampledContexts.Idleness.ESTIMATED);
        assertThat(r.workers()).isEqualTo(p);
        double totalIdle = 0;
        double totalWork = 0;
        for (Map.Entry<Integer, double[]> e : tickByTick(p, blocks).entrySet()) {
            int node = context(prof.tree(), e.getKey());
            String as = "block " + e.getKey() + " " + blocks.get(e.getKey());
            assertThat(prof.inclusive(Metric.WORK, node)).as(as + " work").isCloseTo(e.getValue()[0], within(1.0));
            assertThat(prof.inclusive(Metric.IDLENESS, node)).as(as + " idleness").isCloseTo(e.getValue()[1], within(1.0));
            totalWork += e.getValue()[0];
            totalIdle += e.getValue()[1];
        }
        assertThat(prof.total(Metric.WORK)).isCloseTo(totalWork, within(1.0));
        assertThat(prof.total(Metric.IDLENESS)).isCloseTo(totalIdle, within(1.0));
        assertThat(prof.total(Metric.OVERHEAD)).isZero();
    }

    /**
     * P = 4, 10 ticks each: workers {0, 1, 2}, then {0}, then {0, 1}. Tick by tick, idleness 10 × 1,
     * 10 × 3 and 10 × 2 periods; per sample the estimate gives 1/3, 3 and 1 period to each of 30, 10
     * and 20 samples: the same. Without the division by the working count, 30 × 1 and 20 × 2.
     */
    @Test
    void threeWorkingCountsAtPFour() {
        List<Block> blocks = List.of(new Block(10, Set.of(0, 1, 2)), new Block(10, Set.of(0)), new Block(10, Set.of(0, 1)));
        assertMatches(4, blocks);
        ContextProfile prof = estimate(4, blocks).profile();
        assertThat(prof.inclusive(Metric.IDLENESS, context(prof.tree(), 0))).isCloseTo(10 * PERIOD, within(1.0));
        assertThat(prof.inclusive(Metric.IDLENESS, context(prof.tree(), 1))).isCloseTo(30 * PERIOD, within(1.0));
        assertThat(prof.inclusive(Metric.IDLENESS, context(prof.tree(), 2))).isCloseTo(20 * PERIOD, within(1.0));
        assertThat(prof.inclusive(Metric.WORK, context(prof.tree(), 0))).isCloseTo(30 * PERIOD, within(1.0));
    }

    /** Random blocks, P from 3 to 6, any non-empty working set: the estimate is the tick-by-tick count. */
    @Property(tries = 300)
    void theEstimateIsTheTickByTickCountWhenEveryWorkerIsSampledEveryTick(
            @ForAll @IntRange(min = 3, max = 6) int p, @ForAll long seed) {
        Random rnd = new Random(seed);
        List<Block> blocks = new ArrayList<>();
        for (int k = 1 + rnd.nextInt(6); k > 0; k--) {
            Set<Integer> w = new HashSet<>();
            while (w.isEmpty()) {
                for (int i = 0; i < p; i++) {
                    if (rnd.nextInt(3) == 0) {
                        w.add(i);
                    }
                }
            }
            blocks.add(new Block(1 + rnd.nextInt(8), w));
        }
        assertMatches(p, blocks);
    }

    /** The period is the agent's {@code sample.period.ms} in nanoseconds: 7 ms is 7,000,000 ns. */
    @Test
    void thePeriodIsMillisecondsInNanoseconds() {
        assertThat(SampledContexts.periodNs(recording(Map.of("sample.period.ms", "7")))).isEqualTo(7_000_000L);
        assertThat(SampledContexts.periodNs(recording(Map.of("sample.period.ms", "1")))).isEqualTo(1_000_000L);
        assertThat(SampledContexts.periodNs(recording(Map.of()))).as("absent: JFR's 10 ms").isEqualTo(10_000_000L);
        assertThat(SampledContexts.periodNs(recording(Map.of("sample.period.ms", "x")))).isEqualTo(10_000_000L);
    }

    private static Recording recording(Map<String, String> info) {
        Map<String, String> all = new HashMap<>(info);
        all.put(RecordingInfo.UNIT, "time");
        return new Recording(new RecordingInfo(all), new WholeRun(WorkSpan.ZERO, 2, 2, 1, true), List.of(), List.of(),
                true);
    }
}
