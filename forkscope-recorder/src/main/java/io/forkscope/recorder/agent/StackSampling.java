package io.forkscope.recorder.agent;

import io.forkscope.recorder.output.RecordingSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The run's stack samples (agent option sample), from one of two engines (agent option sampler):
 *
 * <ul>
 * <li><b>async-profiler</b> (the default, where its bundled library loads; {@link AsyncProfilerLibrary}):
 *     a sample every period of each thread's CPU time; Java frames only ({@code cstack=no}, as JFR's);
 *     written as a JFR file of {@code jdk.ExecutionSample} events. It reaches every running thread,
 *     whatever it runs: JDK 17's JFR sampler skips a thread it cannot walk (a loop on
 *     {@code System.nanoTime()}: 6 samples in 2.5 s of two busy workers) and visits a few threads
 *     per period. The event, on Linux {@value #LINUX_EVENT}: a perf_events CPU clock per thread
 *     (hrtimer-driven: 99-100% of the samples the CPU time calls for on this 2-core VM at a load
 *     average of 20), and where perf_events are not allowed (perf_event_paranoid, a container's
 *     seccomp) async-profiler itself falls back to ctimer, a POSIX CPU-time timer per thread, checked
 *     at the kernel's scheduler ticks, which loses the expirations that fall between two ticks
 *     (85-91% under the same load); which one ran is read from the process's open perf_event
 *     descriptors and recorded ("cpu (perf_events)", "cpu (ctimer)"). Not itimer (one process-wide
 *     timer whose signal goes to whichever thread is running: 73-99%) nor wall (samples sleeping
 *     threads too, and costs per thread however idle). On macOS {@value #MAC_EVENT}: async-profiler's
 *     cpu there is wall-clock.</li>
 * <li><b>JFR</b> ({@link JfrSampler}): {@code sampler=jfr}, or when async-profiler cannot be used
 *     (another platform, another async-profiler in the JVM, a library that fails to load or start);
 *     the reason goes into the recording's warnings.</li>
 * </ul>
 *
 * <p>Either way the JDK's JFR recording runs too: it holds the clock anchors, the submitters' stacks
 * ({@link SubmissionEvent}), which engine sampled ({@link SamplerEvent}) and every thread's CPU time
 * ({@link ThreadCpuTimes}). {@link #finish} returns that file followed by async-profiler's: a JFR file
 * is a sequence of self-contained chunks, so the two read as one (both on JFR's epoch clock); and
 * every thread's CPU time as read at the finish, for the recording's information: JFR's shutdown
 * hook may have stopped the JDK's recording before the last read reached it.
 */
final class StackSampling {
    static final String ENGINE_JFR = "jfr";
    static final String ENGINE_ASYNC_PROFILER = "async-profiler";
    /** perf_events' CPU clock per thread, or ctimer where perf_events are not allowed (async-profiler's choice). */
    static final String LINUX_EVENT = "cpu";
    /** setitimer(ITIMER_PROF): macOS has no per-thread CPU timers. */
    static final String MAC_EVENT = "itimer";

    private final JfrSampler jfr;
    private final AsyncProfilerLibrary async;
    private final Path asyncFile;
    private final ThreadCpuTimes cpuTimes;
    /** async-profiler's log (its option log=): its warnings go there, not to the program's stderr. */
    private final Path asyncLog;
    private final Consumer<String> warn;

    private StackSampling(JfrSampler jfr, AsyncProfilerLibrary async, Path asyncFile, ThreadCpuTimes cpuTimes,
                          Path asyncLog, Consumer<String> warn) {
        this.jfr = jfr;
        this.async = async;
        this.asyncFile = asyncFile;
        this.cpuTimes = cpuTimes;
        this.asyncLog = asyncLog;
        this.warn = warn;
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
        Path asyncLog = null;
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
                asyncLog = Files.createTempFile("forkscope-async-", ".log");
                asyncLog.toFile().deleteOnExit();
                // clock=monotonic: JFR ticks from CLOCK_MONOTONIC, as the JDK's recording (and System.nanoTime) on
                // Linux, so the two files' epoch times agree to the µs of their chunk headers
                async.execute("start,event=" + event + ",interval=" + periodMs * 1_000_000L
                        + ",clock=monotonic,cstack=no,log=" + asyncLog + ",jfr,file=" + asyncFile);
                forwardLog(asyncLog, warn);
                if (event.equals(LINUX_EVENT)) {
                    event = LINUX_EVENT + (perfEventsOpen() ? " (perf_events)" : " (ctimer)");
                }
            } catch (AsyncProfilerLibrary.Unavailable e) {
                note = e.getMessage();
                async = null;
            } catch (Exception | LinkageError e) {
                note = "async-profiler could not start: " + e;
                async = null;
            }
            if (async == null) {
                forwardLog(asyncLog, warn);
                delete(asyncFile);
                delete(asyncLog);
                asyncFile = null;
                asyncLog = null;
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
        return new StackSampling(jfr, async, asyncFile, cpu, asyncLog, warn);
    }

    /** Whether this process has a perf_events descriptor open (async-profiler's cpu engine opens one per thread). */
    static boolean perfEventsOpen() {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().contains("perf_event");
                } catch (IOException | UnsupportedOperationException e) {
                    return false;   // closed meanwhile
                }
            });
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The engine that samples: {@value #ENGINE_ASYNC_PROFILER} or {@value #ENGINE_JFR}. */
    String engine() {
        return async != null ? ENGINE_ASYNC_PROFILER : ENGINE_JFR;
    }

    /**
     * Stops sampling; @return the JFR bytes (the JDK's recording, then async-profiler's samples if it
     * sampled) and each thread's CPU time while sampled as read now.
     */
    RecordingSink.ClosingSamples finish() throws Exception {
        Map<String, String> cpu = cpuTimes == null ? Map.of() : cpuTimes.finish();
        byte[] samples = null;
        if (async != null) {
            try {
                async.execute("stop,log=" + asyncLog);
            } finally {
                forwardLog(asyncLog, warn);
            }
            samples = Files.readAllBytes(asyncFile);
        }
        byte[] own = jfr.finish();
        if (samples == null) {
            return new RecordingSink.ClosingSamples(own, cpu);
        }
        ByteArrayOutputStream both = new ByteArrayOutputStream(own.length + samples.length);
        both.write(own);
        both.write(samples);
        return new RecordingSink.ClosingSamples(both.toByteArray(), cpu);
    }

    /** Deletes the temporary files (after {@link #finish}). */
    void cleanUp() {
        jfr.cleanUp();
        delete(asyncFile);
        delete(asyncLog);
    }

    /** Puts each line async-profiler logged (its warnings) into the recording's warnings, then empties the log. */
    private static void forwardLog(Path log, Consumer<String> warn) {
        if (log == null) {
            return;
        }
        try {
            for (String line : Files.readAllLines(log)) {
                if (!line.isBlank()) {
                    warn.accept("async-profiler: " + line.trim());
                }
            }
            Files.write(log, new byte[0]);
        } catch (IOException | RuntimeException e) {
            // nothing to forward
        }
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
