package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tree of computing strands (a calibrated xorshift loop, not a spin on a clock) run ROUNDS times
 * by {@code pool.invoke} from main, inside region "rounds", with main not running between rounds:
 *
 * <ul>
 *   <li>{@code sleep}: main sleeps 300 ms between rounds;
 *   <li>{@code join}: main blocks 300 ms in CompletableFuture.join on a future another thread completes;
 *   <li>{@code wait}: main blocks 300 ms in Object.wait;
 *   <li>{@code plain}: back to back (for runs sharing their cores with a competing process).
 * </ul>
 *
 * <p>Args: WORKERS SCENARIO. Prints {@code expected work=W span=S} (ns), measured with the thread's
 * CPU clock in the same run: W = the sum over rounds of every leaf's CPU time, as the leaf's own
 * thread CPU clock timed it (not a serial run's: on a loaded 2-vCPU machine the same loop's CPU time
 * differs by ±20% between runs and between 1 and 2 busy workers, and that would be the test's error,
 * not forkscope's; the tree's 31 inner strands of some µs each are left out, under 0.2% of W);
 * S = the sum over rounds of the round's slowest leaf, as that leaf's own thread CPU clock timed it (all
 * root-to-leaf paths have the same internal strands, some µs each once compiled, hence the warm-up
 * rounds; on a loaded machine the slowest of 32 leaves is up to ~20% above the median, which a
 * truth from one serial leaf would miss). Both include the CPU main used in its pauses (starting a
 * thread, waking up: serial work on the span). Rounds are in series.
 */
public final class CpuTreePrograms {
    public static final int ROUNDS = 4;
    public static final int DEPTH = 5;       // 32 leaves
    static final double LEAF_MS = 2.0;
    static final int WARM_UP_ROUNDS = 2;
    static final long PAUSE_MS = 300;
    static volatile long sink;
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    /** The CPU time of the slowest leaf of the running round. */
    static final AtomicLong SLOWEST_LEAF = new AtomicLong();
    /** The CPU time of every leaf of the running round. */
    static final AtomicLong LEAVES = new AtomicLong();
    /** How many leaves a thread outside every pool ran (main helping in a join): for the reports. */
    static final AtomicLong LEAVES_OUTSIDE_POOLS = new AtomicLong();

    private CpuTreePrograms() {}

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(Integer.parseInt(args[0]));
        String scenario = args[1];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long leafIters = calibrate(mx);
        Object lock = new Object();
        for (int i = 0; i < WARM_UP_ROUNDS; i++) {
            // before the region: the tree's internal strands compiled, the pause's classes loaded
            pool.invoke(new Tree(DEPTH, leafIters));
            pause(scenario, lock);
        }
        long spanCpu = 0;
        long workCpu = 0;
        long mainCpu = 0;        // what main computes between rounds (thread start, ...): serial, on the span
        try (Region r = Forkscope.region("rounds")) {
            for (int i = 0; i < ROUNDS; i++) {
                if (i > 0) {
                    long t0 = mx.getCurrentThreadCpuTime();
                    pause(scenario, lock);
                    mainCpu += mx.getCurrentThreadCpuTime() - t0;
                }
                Tree t = new Tree(DEPTH, leafIters);
                SLOWEST_LEAF.set(0);
                LEAVES.set(0);
                pool.invoke(t);
                sink += t.result;
                spanCpu += SLOWEST_LEAF.get();
                workCpu += LEAVES.get();
            }
        }
        pool.shutdown();
        System.out.println("expected work=" + (workCpu + mainCpu) + " span=" + (spanCpu + mainCpu));
    }

    static void pause(String scenario, Object lock) throws Exception {
        switch (scenario) {
            case "sleep" -> Thread.sleep(PAUSE_MS);
            case "join" -> {
                CompletableFuture<Long> f = new CompletableFuture<>();
                Thread completer = new Thread(() -> {
                    try {
                        Thread.sleep(PAUSE_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    f.complete(1L);
                });
                completer.start();
                sink += f.join();
            }
            case "wait" -> {
                long end = System.nanoTime() + PAUSE_MS * 1_000_000L;
                synchronized (lock) {
                    for (long left; (left = end - System.nanoTime()) > 0; ) {
                        lock.wait(Math.max(1, left / 1_000_000L));
                    }
                }
            }
            case "plain" -> { }
            default -> throw new IllegalArgumentException(scenario);
        }
    }

    /** Loop iterations that take LEAF_MS of this thread's CPU, once the loop is compiled. */
    static long calibrate(ThreadMXBean mx) {
        for (int i = 0; i < 30; i++) {
            sink += compute(200_000);        // warm up: the loop compiled as the tree will run it
        }
        long iters = 1_000_000;
        long cpu;
        while (true) {
            long n = iters;
            cpu = median(5, () -> {
                long t0 = mx.getCurrentThreadCpuTime();
                sink += compute(n);
                return mx.getCurrentThreadCpuTime() - t0;
            });
            if (cpu >= 20_000_000L) {
                break;
            }
            iters *= 2;
        }
        return Math.max(1, (long) (iters * LEAF_MS * 1e6 / cpu));
    }

    static long median(int n, java.util.function.LongSupplier sample) {
        long[] xs = new long[n];
        for (int i = 0; i < n; i++) {
            xs[i] = sample.getAsLong();
        }
        Arrays.sort(xs);
        return xs[n / 2];
    }

    /** CPU work with nothing to wait for: a dependent xorshift chain the JIT cannot skip. */
    static long compute(long iters) {
        long x = 0x9E3779B97F4A7C15L ^ iters;
        for (long i = 0; i < iters; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** A leaf: computes, and adds its own thread's CPU time to LEAVES and SLOWEST_LEAF. */
    static long timedLeaf(long iters) {
        long t0 = MX.getCurrentThreadCpuTime();
        long result = compute(iters);
        long cpu = MX.getCurrentThreadCpuTime() - t0;
        SLOWEST_LEAF.accumulateAndGet(cpu, Math::max);
        LEAVES.addAndGet(cpu);
        if (!(Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread)) {
            LEAVES_OUTSIDE_POOLS.incrementAndGet();
        }
        return result;
    }

    static final class Tree extends RecursiveAction {
        final int depth;
        final long iters;
        long result;

        Tree(int depth, long iters) {
            this.depth = depth;
            this.iters = iters;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                result = timedLeaf(iters);
                return;
            }
            Tree a = new Tree(depth - 1, iters);
            Tree b = new Tree(depth - 1, iters);
            invokeAll(a, b);
            result = a.result ^ b.result;
        }
    }
}
