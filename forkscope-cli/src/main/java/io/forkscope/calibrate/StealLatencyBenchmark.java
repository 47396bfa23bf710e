package io.forkscope.calibrate;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The work-stealing microbenchmark of {@code forkscope calibrate} (measures.md §6, Delay Spotter Fig. 4),
 * run in a JVM of its own on the JDK being calibrated, without the agent.
 *
 * <p>On a pool of two workers, a parent task forks one child, then spins until the child has
 * started. The parent never joins before the child has started, so the child can only run on the
 * other worker: it is stolen. For each fork three clock readings give create→child-start (the
 * child's first instruction minus the instant before fork()) and create→parent-resume (the instant
 * after fork() returned minus the same). Between forks the thief runs out of work and may park, as
 * workers do when parallelism is scarce, so a steal's latency includes waking it when it does. When
 * no thief comes within {@value #STEAL_WAIT_NANOS} ns the parent takes the child back and runs it
 * itself; such forks are counted but not measured. The first {@code warmup} forks warm the JIT and
 * are not measured either. The measured forks stop early when SECONDS have passed (a busy machine,
 * where thieves wait for a core, makes forks slow).
 *
 * <pre>
 * java -cp forkscope.jar io.forkscope.calibrate.StealLatencyBenchmark FORKS WARMUP SECONDS OUTPUT
 * </pre>
 * OUTPUT gets the lines {@code java.version V}, {@code java.home H}, {@code forks N} (the forks
 * made, at most FORKS),
 * {@code stolen S}, then one line per stolen fork: {@code childStartNs parentResumeNs}.
 */
public final class StealLatencyBenchmark {
    /** How long the parent waits for a thief before running the child itself. */
    static final long STEAL_WAIT_NANOS = 5_000_000L;
    public static final int WORKERS = 2;

    private StealLatencyBenchmark() {}

    /** What the child writes and the parent spins on. */
    static final class Child extends RecursiveAction {
        volatile long startNs;
        volatile Thread ranOn;

        @Override
        protected void compute() {
            startNs = System.nanoTime();
            ranOn = Thread.currentThread();
        }
    }

    /** The parent: forks {@code forks} children one after another and measures each. */
    static final class Parent extends RecursiveAction {
        final int forks;
        final long[] childStart;
        final long[] parentResume;
        final long deadline;
        int made;
        int stolen;

        Parent(int forks, long deadline) {
            this.forks = forks;
            this.deadline = deadline;
            this.childStart = new long[forks];
            this.parentResume = new long[forks];
        }

        @Override
        protected void compute() {
            for (int i = 0; i < forks && System.nanoTime() - deadline < 0; i++) {
                made++;
                Child c = new Child();
                long t0 = System.nanoTime();
                c.fork();
                long tp = System.nanoTime();
                boolean inline = false;
                while (c.ranOn == null) {
                    if (System.nanoTime() - tp > STEAL_WAIT_NANOS && c.tryUnfork()) {
                        c.invoke();
                        inline = true;
                        break;
                    }
                    Thread.onSpinWait();
                }
                c.join();
                if (!inline && c.ranOn != Thread.currentThread()) {
                    childStart[stolen] = c.startNs - t0;
                    parentResume[stolen] = tp - t0;
                    stolen++;
                }
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: StealLatencyBenchmark FORKS WARMUP SECONDS OUTPUT");
            System.exit(2);
        }
        int forks = Integer.parseInt(args[0]);
        int warmup = Integer.parseInt(args[1]);
        long budget = Long.parseLong(args[2]) * 1_000_000_000L;
        ForkJoinPool pool = new ForkJoinPool(WORKERS);
        try {
            pool.invoke(new Parent(warmup, System.nanoTime() + budget / 4));
            Parent measured = new Parent(forks, System.nanoTime() + budget);
            pool.invoke(measured);
            StringBuilder out = new StringBuilder();
            out.append("java.version ").append(System.getProperty("java.version")).append('\n');
            out.append("java.home ").append(System.getProperty("java.home")).append('\n');
            out.append("forks ").append(measured.made).append('\n');
            out.append("stolen ").append(measured.stolen).append('\n');
            for (int i = 0; i < measured.stolen; i++) {
                out.append(measured.childStart[i]).append(' ').append(measured.parentResume[i]).append('\n');
            }
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(args[3]), StandardCharsets.UTF_8))) {
                w.print(out);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
