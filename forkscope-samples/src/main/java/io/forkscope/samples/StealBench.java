package io.forkscope.samples;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.RecursiveAction;

/**
 * <b>steal-bench</b> — the work-stealing speed microbenchmark of Delay Spotter Fig. 4.
 *
 * <p>n times: the parent clears two flags, notes t0 and forks one child; right after the fork it
 * notes tp (the parent has resumed), raises its flag and spins until the child raises its own. The
 * child notes tc when it starts, raises its flag and spins until the parent's flag is up. Since the
 * parent spins, the child can only run on the other worker: it must be stolen. The program reports
 * the create→child-start latency (tc − t0, the steal) and the create→parent-resume latency
 * (tp − t0; in Java's help-first pool the parent simply continues, unlike Cilk's work-first
 * scheduler where the parent's continuation is what gets stolen).
 *
 * <p>DAG: a serial chain of n fork/join pairs, each child stolen: n steals, parallelism ≈ 1 — the
 * program measures the runtime, not the algorithm. Run it with 2 workers, as the paper does.
 *
 * <p>n: repetitions. cutoff: unused.
 *
 * <p>Java specifics. Nothing guarantees that a thief comes: JDK 17's pool wakes an idle worker on a
 * fork only when it counts too few active workers, and a worker still searching after the previous
 * repetition counts as active; if it then parks, the child stays in the deque (with 2 workers on a
 * 2-core machine this happened in about 1 repetition in 5 on JDK 17, 1 in 400 on JDK 25). So the
 * parent waits at most
 * {@value #STEAL_WAIT_NANOS} ns for the child to start, then takes it back ({@code tryUnfork}) and
 * runs it itself. Such repetitions count as "inline" and are left out of the latencies, as are all
 * repetitions with a single worker. The serial elision calls the child directly and skips the
 * handshake (with one thread it could never complete), so it measures a plain call.
 */
final class StealBench extends KernelSample<Integer, StealBench.Result> {
    /** How long the parent waits for a thief before running the child itself. */
    static final long STEAL_WAIT_NANOS = 500_000L;

    /** Latencies of the stolen repetitions, in nanoseconds, and how many ran where. */
    record Result(long[] childNanos, long[] parentNanos, int stolen, int inline, int childRuns) {}

    StealBench() {
        super("steal-bench", "work-stealing latency microbenchmark: fork a child that the other worker must steal (Delay Spotter Fig. 4)",
                "repetitions", 10_000, "unused", 0);
    }

    /** The flags the two sides spin on. */
    static final class Flags {
        volatile int parentToChild;
        volatile int childToParent;
        long childStart;
        Thread childThread;
        int childRuns;
    }

    static final class Child extends RecursiveAction {
        private final Flags f;
        private final boolean handshake;

        Child(Flags f, boolean handshake) {
            this.f = f;
            this.handshake = handshake;
        }

        @Override
        protected void compute() {
            f.childStart = System.nanoTime();
            f.childThread = Thread.currentThread();
            f.childRuns++;
            f.childToParent = 1;
            while (handshake && f.parentToChild == -1) {
                Thread.onSpinWait();
            }
        }
    }

    static final class Parent extends RecursiveAction {
        private final int reps;
        private final boolean serial;
        private final boolean canSteal;
        Result result;

        Parent(int reps, boolean serial, boolean canSteal) {
            this.reps = reps;
            this.serial = serial;
            this.canSteal = canSteal;
        }

        @Override
        protected void compute() {
            Flags f = new Flags();
            long[] child = new long[reps];
            long[] parent = new long[reps];
            int stolen = 0;
            int inline = 0;
            for (int i = 0; i < reps; i++) {
                f.parentToChild = -1;
                f.childToParent = -1;
                Child c = new Child(f, !serial);
                long t0 = System.nanoTime();
                if (serial) {
                    c.compute();
                } else {
                    c.fork();
                }
                long tp = System.nanoTime();
                f.parentToChild = 1;
                boolean ranInline = serial;
                long deadline = tp + (canSteal ? STEAL_WAIT_NANOS : 0);
                while (f.childToParent == -1) {
                    if (System.nanoTime() >= deadline && c.tryUnfork()) {
                        c.invoke(); // nobody stole it: take it back and run it here
                        ranInline = true;
                        break;
                    }
                    Thread.onSpinWait();
                }
                if (!serial) {
                    c.join();
                }
                if (ranInline || f.childThread == Thread.currentThread()) {
                    inline++;
                } else {
                    child[stolen] = f.childStart - t0;
                    parent[stolen] = tp - t0;
                    stolen++;
                }
            }
            result = new Result(Arrays.copyOf(child, stolen), Arrays.copyOf(parent, stolen), stolen, inline,
                    f.childRuns);
        }
    }

    @Override
    Integer prepare(int n, int cutoff) {
        return n;
    }

    @Override
    Result kernel(Integer n, Exec exec) {
        Parent root = new Parent(n, exec.serial(), exec.workers() >= 2);
        exec.run(root, root::compute);
        return root.result;
    }

    @Override
    String check(Integer n, Result r) {
        if (r.childRuns() != n) {
            return "child ran " + r.childRuns() + " times in " + n + " repetitions";
        }
        if (r.stolen() + r.inline() != n) {
            return "stolen " + r.stolen() + " + inline " + r.inline() + " != " + n;
        }
        for (int i = 0; i < r.stolen(); i++) {
            if (r.childNanos()[i] < 0 || r.parentNanos()[i] < 0) {
                return "negative latency in repetition " + i;
            }
        }
        return null;
    }

    @Override
    String summary(Integer n, Result r) {
        return String.format(Locale.ROOT, "stolen=%d inline=%d child_start_us(median/mean)=%s parent_resume_us(median/mean)=%s",
                r.stolen(), r.inline(), stats(r.childNanos()), stats(r.parentNanos()));
    }

    static String stats(long[] nanos) {
        if (nanos.length == 0) {
            return "-";
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0);
        return String.format(Locale.ROOT, "%.2f/%.2f", sorted[sorted.length / 2] / 1e3, mean / 1e3);
    }
}
