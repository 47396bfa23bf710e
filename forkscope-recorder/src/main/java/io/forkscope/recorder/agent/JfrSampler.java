package io.forkscope.recorder.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * The run's JDK Flight Recorder recording (agent option sample=true): a programmatic {@link Recording}
 * of {@link ClockAnchor}, {@link SubmissionEvent}, {@link SamplerEvent} and {@link ThreadCpuTimeEvent}
 * events and, when JFR is the sampling engine ({@link StackSampling}), {@value #EXECUTION_SAMPLE} at
 * the sampling period plus {@value #CPU_TIME_SAMPLE} (and its losses) where the JDK has that event
 * (JDK 25; looked up by name at run time). Loaded by the system class loader, never
 * from the boot path: only the agent touches jdk.jfr.
 *
 * <p>The end of the run races with JFR's own shutdown hook, which stops every running recording
 * and deletes JFR's disk repository. Both {@link Recording#dump} and that hook's work hold JFR's
 * recorder lock, so {@link #finish} either dumps a whole snapshot before the hook runs, or finds the
 * recording stopped by the hook, which has then (under the same lock) written it to the
 * destination set at start: {@link #finish} waits for the recording to be closed and reads that.
 * Both temporary files are deleted at the JVM's exit at the latest.
 */
final class JfrSampler {
    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    static final String CPU_TIME_SAMPLE = "jdk.CPUTimeSample";
    static final String CPU_TIME_SAMPLES_LOST = "jdk.CPUTimeSamplesLost";
    /** How long {@link #finish} waits for JFR's shutdown hook to write the recording it stopped. */
    static final long HOOK_WAIT_MS = 3_000;

    private final Recording recording;
    private final Path destination;
    private final long originNs;
    private final List<String> events;

    private JfrSampler(Recording recording, Path destination, long originNs, List<String> events) {
        this.recording = recording;
        this.destination = destination;
        this.originNs = originNs;
        this.events = events;
    }

    /**
     * Starts the recording, sampling every {@code periodMs} when {@code samples}. {@code originNs}: the
     * recorder's clock origin ({@link System#nanoTime()} at the engine's start), for the clock anchors.
     */
    static JfrSampler start(long periodMs, long originNs, boolean samples) throws IOException {
        Set<String> known = FlightRecorder.getFlightRecorder().getEventTypes().stream()
                .map(EventType::getName).collect(Collectors.toSet());
        Recording r = new Recording();
        r.setName("forkscope-samples");
        r.setToDisk(true);
        List<String> events = new ArrayList<>();
        if (samples) {
            r.enable(EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(periodMs));
            events.add(EXECUTION_SAMPLE);
        }
        if (samples && known.contains(CPU_TIME_SAMPLE)) {
            // throttle as a CPU-time period: one sample per period of a thread's CPU time
            r.enable(CPU_TIME_SAMPLE).with("throttle", periodMs + "ms");
            events.add(CPU_TIME_SAMPLE);
            if (known.contains(CPU_TIME_SAMPLES_LOST)) {
                r.enable(CPU_TIME_SAMPLES_LOST);
            }
        }
        r.enable(ClockAnchor.class);
        r.enable(SubmissionEvent.class).withStackTrace();
        r.enable(SamplerEvent.class);
        r.enable(ThreadCpuTimeEvent.class);
        Path dest = Files.createTempFile("forkscope-samples-", ".jfr");
        dest.toFile().deleteOnExit();
        r.setDestination(dest);
        r.start();
        ClockAnchor.emit(originNs);
        return new JfrSampler(r, dest, originNs, List.copyOf(events));
    }

    /** The sample events this recording holds, e.g. [jdk.ExecutionSample, jdk.CPUTimeSample]. */
    List<String> events() {
        return events;
    }

    /** Stops sampling; @return the JFR file's bytes. Called once, at the end of the run. */
    byte[] finish() throws IOException, InterruptedException {
        ClockAnchor.emit(originNs);
        Path snapshot = Files.createTempFile("forkscope-samples-", ".jfr");
        snapshot.toFile().deleteOnExit();
        try {
            byte[] bytes = null;
            if (recording.getState() == RecordingState.RUNNING) {
                try {
                    recording.dump(snapshot);
                    bytes = Files.readAllBytes(snapshot);
                } catch (IOException | IllegalStateException stoppedMeanwhile) {
                    bytes = null;   // JFR's shutdown hook came first: see below
                }
            }
            if (bytes == null || bytes.length == 0) {
                awaitClosed();
                bytes = Files.readAllBytes(destination);
            } else {
                try {
                    recording.setDestination(null);   // nothing more to write
                    recording.close();
                } catch (IOException | IllegalStateException e) {
                    // JFR's hook is stopping it: its copy goes to the destination, deleted below
                }
            }
            return bytes;
        } finally {
            Files.deleteIfExists(snapshot);
        }
    }

    /** Waits until JFR's shutdown hook has written the recording it stopped (it closes it after writing). */
    private void awaitClosed() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HOOK_WAIT_MS);
        while (recording.getState() != RecordingState.CLOSED) {
            if (System.nanoTime() > deadline) {
                throw new IOException("JFR did not write the stack samples within " + HOOK_WAIT_MS + " ms of stopping");
            }
            Thread.sleep(5);
        }
    }

    /** Deletes the destination file (after {@link #finish} read it). */
    void cleanUp() {
        try {
            Files.deleteIfExists(destination);
        } catch (IOException ignored) {
            // deleted at exit
        }
    }
}
