package io.forkscope.recorder.agent;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Waits in premain until the JIT has worked off what the agent's own set-up gave it. Weaving
 * ForkJoinPool runs ByteBuddy hot for a moment, which queues a few hundred compilations of its
 * methods (C1, then C2); the compiler threads would otherwise work them off during the program's
 * first hundreds of ms, on the cores its first parallel operation uses (seen: 26 of the 76
 * compilations inside a 100 ms region were ByteBuddy's, C2 ones up to 700 ms after main began),
 * compiling code that never runs again.
 *
 * <p>The signal is {@link CompilationMXBean#getTotalCompilationTime}, which grows as compilations
 * finish: the backlog is taken as worked off when it has not grown for {@value #QUIET_MS} ms, and
 * the wait ends after {@value #MAX_MS} ms whatever it does. A heuristic, not a guarantee: one
 * compilation longer than the quiet window (a big C2 compilation on a busy machine) ends it early.
 * Without the bean (JVM without jdk.management or compilation timing) it returns at once.
 */
final class JitBacklog {
    static final long QUIET_MS = 100;
    static final long MAX_MS = 3000;
    private static final long POLL_MS = 10;

    private JitBacklog() {}

    /** @return how long it waited, in ms */
    static long await() {
        long start = System.nanoTime();
        try {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
                return 0;
            }
            long last = jit.getTotalCompilationTime();
            long quietSince = System.nanoTime();
            while (ms(System.nanoTime() - start) < MAX_MS && ms(System.nanoTime() - quietSince) < QUIET_MS) {
                Thread.sleep(POLL_MS);
                long now = jit.getTotalCompilationTime();
                if (now != last) {
                    last = now;
                    quietSince = System.nanoTime();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | LinkageError e) {
            // no management: nothing to wait on
        }
        return ms(System.nanoTime() - start);
    }

    private static long ms(long ns) {
        return ns / 1_000_000;
    }
}
