package io.forkscope.recorder.agent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The run's stack samples (agent option sample), from one of two engines (agent option sampler):
 *
 * <ul>
 * <li><b>async-profiler</b> (the default, where its bundled library loads; {@link AsyncProfilerLibrary}):
 *     a per-thread CPU-time timer ({@value #LINUX_EVENT}) on Linux, the process's profiling timer
 *     ({@value #MAC_EVENT}) on macOS, every period of CPU time; Java frames only ({@code cstack=no}, as
 *     JFR's); written as a JFR file of {@code jdk.ExecutionSample} events. It reaches every running
 *     thread, whatever it runs: JDK 17's JFR sampler skips a thread it cannot walk (a loop on
 *     {@code System.nanoTime()}: 6 samples in 2.5 s of two busy workers) and visits a few threads
 *     per period.</li>
 * <li><b>JFR</b> ({@link JfrSampler}): {@code sampler=jfr}, or when async-profiler cannot be used
 *     (another platform, another async-profiler in the JVM, a library that fails to load or start);
 *     the reason goes into the recording's warnings.</li>
 * </ul>
 *
 * <p>Either way the JDK's JFR recording runs too: it holds the clock anchors, the submitters' stacks
 * ({@link SubmissionEvent}), which engine sampled ({@link SamplerEvent}) and every thread's CPU time
 * ({@link ThreadCpuTimes}). {@link #finish} returns that file followed by async-profiler's: a JFR file
 * is a sequence of self-contained chunks, so the two read as one (both on JFR's epoch clock).
 */
final class StackSampling {
    static final String ENGINE_JFR = "jfr";
    static final String ENGINE_ASYNC_PROFILER = "async-profiler";
    /** Per-thread CPU-time timers (timer_create on CLOCK_THREAD_CPUTIME_ID): no perf_events permission needed. */
    static final String LINUX_EVENT = "ctimer";
    /** setitimer(ITIMER_PROF): macOS has no per-thread CPU timers. */
    static final String MAC_EVENT = "itimer";

    private final JfrSampler jfr;
    private final AsyncProfilerLibrary async;
    private final Path asyncFile;
    private final ThreadCpuTimes cpuTimes;

    private StackSampling(JfrSampler jfr, AsyncProfilerLibrary async, Path asyncFile, ThreadCpuTimes cpuTimes) {
        this.jfr = jfr;
        this.async = async;
        this.asyncFile = asyncFile;
        this.cpuTimes = cpuTimes;
    }

    /**
     * Starts sampling every {@code periodMs} with {@code engine} ({@value #ENGINE_ASYNC_PROFILER} or
     * {@value #ENGINE_JFR}); {@code warn} is told why JFR samples when async-profiler was asked for.
     *
     * @throws IOException when not even JFR can start
     */
    static StackSampling start(String engine, long periodMs, long originNs, Instrumentation inst,
                               Consumer<String> warn) throws IOException {
        AsyncProfilerLibrary async = null;
        Path asyncFile = null;
        String note = "";
        String event = null;
        String version = null;
        if (engine.equals(ENGINE_ASYNC_PROFILER)) {
            try {
                async = AsyncProfilerLibrary.load(inst);
                event = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac") ? MAC_EVENT : LINUX_EVENT;
                version = async.execute("version").trim();
                asyncFile = Files.createTempFile("forkscope-async-", ".jfr");
                asyncFile.toFile().deleteOnExit();
                async.execute("start,event=" + event + ",interval=" + periodMs * 1_000_000L + ",cstack=no,jfr,file="
                        + asyncFile);
            } catch (AsyncProfilerLibrary.Unavailable e) {
                note = e.getMessage();
                async = null;
            } catch (Exception | LinkageError e) {
                note = "async-profiler could not start: " + e;
                async = null;
            }
            if (async == null) {
                delete(asyncFile);
                asyncFile = null;
                warn.accept("stack samples: sampled with JFR, not async-profiler: " + note);
            }
        }
        ThreadCpuTimes cpu = ThreadCpuTimes.start();
        JfrSampler jfr;
        try {
            jfr = JfrSampler.start(periodMs, originNs, async == null);
        } catch (IOException | RuntimeException | Error e) {
            if (cpu != null) {
                cpu.finish();
            }
            stopQuietly(async);
            throw e;
        }
        if (async != null) {
            SamplerEvent.emit(ENGINE_ASYNC_PROFILER + " " + version, event, periodMs * 1_000_000L, note);
        } else {
            SamplerEvent.emit(ENGINE_JFR, String.join(", ", jfr.events()), periodMs * 1_000_000L, note);
        }
        return new StackSampling(jfr, async, asyncFile, cpu);
    }

    /** The engine that samples: {@value #ENGINE_ASYNC_PROFILER} or {@value #ENGINE_JFR}. */
    String engine() {
        return async != null ? ENGINE_ASYNC_PROFILER : ENGINE_JFR;
    }

    /** Stops sampling; @return the JFR bytes: the JDK's recording, then async-profiler's samples if it sampled. */
    byte[] finish() throws Exception {
        if (cpuTimes != null) {
            cpuTimes.finish();
        }
        byte[] samples = null;
        if (async != null) {
            async.execute("stop");
            samples = Files.readAllBytes(asyncFile);
        }
        byte[] own = jfr.finish();
        if (samples == null) {
            return own;
        }
        ByteArrayOutputStream both = new ByteArrayOutputStream(own.length + samples.length);
        both.write(own);
        both.write(samples);
        return both.toByteArray();
    }

    /** Deletes the temporary files (after {@link #finish}). */
    void cleanUp() {
        jfr.cleanUp();
        delete(asyncFile);
    }

    private static void stopQuietly(AsyncProfilerLibrary async) {
        try {
            if (async != null) {
                async.execute("stop");
            }
        } catch (Exception e) {
            // it was not running
        }
    }

    private static void delete(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // deleted at exit
        }
    }
}
