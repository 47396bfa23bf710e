package io.forkscope.recorder.agent;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Waits in premain until the JIT's compiler threads are idle. Weaving ForkJoinPool runs ByteBuddy,
 * and the JDK code it calls, hot for a moment, which queues hundreds of compilations; the compiler
 * threads would otherwise work them off during the program's first second, on the cores its first
 * parallel operation uses, and the program's own hot loop would wait in the same queue (seen on
 * JDK 17: C2 busy for a second with {@code jdk.internal.org.objectweb.asm.Frame::execute}, the
 * program's loop compiled only after it; a serial loop of 100-300 ms took 1.5-3x as long).
 *
 * <p>Idle means: every compiler thread of this JVM ({@code /proc/self/task/TID/comm} starting
 * "C1 CompilerThre" or "C2 CompilerThre") is sleeping (state S, waiting on the compile queue), seen
 * {@value #IDLE_POLLS} times in a row {@value #POLL_MS} ms apart, and
 * {@link CompilationMXBean#getTotalCompilationTime} did not grow meanwhile. Without {@code /proc} only
 * the latter counts, over {@value #QUIET_MS} ms (weaker: a long compilation in progress looks quiet).
 * The wait ends after {@value #MAX_MS} ms whatever the JIT does. Never throws.
 */
final class JitBacklog {
    static final long MAX_MS = 5000;
    static final int IDLE_POLLS = 3;
    static final long QUIET_MS = 100;
    private static final long POLL_MS = 10;

    private JitBacklog() {}

    /** @return how long it waited, in ms */
    static long await() {
        long start = System.nanoTime();
        try {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
            Path tasks = Path.of("/proc/self/task");
            boolean proc = Files.isDirectory(tasks);
            if (!timed && !proc) {
                return 0;
            }
            long last = timed ? jit.getTotalCompilationTime() : 0;
            long quietSince = System.nanoTime();
            int idle = 0;
            while (ms(System.nanoTime() - start) < MAX_MS) {
                Thread.sleep(POLL_MS);
                long now = timed ? jit.getTotalCompilationTime() : 0;
                if (now != last) {
                    last = now;
                    quietSince = System.nanoTime();
                    idle = 0;
                }
                if (proc) {
                    Boolean sleeping = compilersSleeping(tasks);
                    if (sleeping == null) {
                        proc = false;   // unreadable: fall back on the compilation time alone
                    } else {
                        idle = sleeping ? idle + 1 : 0;
                        if (idle >= IDLE_POLLS) {
                            break;
                        }
                        continue;
                    }
                }
                if (ms(System.nanoTime() - quietSince) >= QUIET_MS) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | LinkageError e) {
            // no management: nothing to wait on
        }
        return ms(System.nanoTime() - start);
    }

    /** @return whether every compiler thread sleeps; null when /proc cannot tell (no compiler thread found) */
    static Boolean compilersSleeping(Path tasks) {
        int found = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tasks)) {
            for (Path task : dirs) {
                String comm;
                String stat;
                try {
                    comm = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII);
                    if (!comm.startsWith("C1 CompilerThre") && !comm.startsWith("C2 CompilerThre")) {
                        continue;
                    }
                    stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
                } catch (IOException e) {
                    continue;   // the thread ended meanwhile
                }
                found++;
                int close = stat.lastIndexOf(')');
                if (close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'S') {
                    return false;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return found == 0 ? null : true;
    }

    private static long ms(long ns) {
        return ns / 1_000_000;
    }
}
