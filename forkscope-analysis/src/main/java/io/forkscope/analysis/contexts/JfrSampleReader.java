package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.StackSample;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads stack samples from a JFR file (jdk.jfr.consumer, part of the JDK). Two sample events:
 * {@value #EXECUTION_SAMPLE} (JDK 17+: a thread running Java code, thread in field
 * {@code sampledThread}; the JVM's sampler visits a few threads per period) and
 * {@value #CPU_TIME_SAMPLE} (JDK 25, experimental: a thread's CPU-time timer fired, thread in
 * {@code eventThread}, {@code failed} when the stack could not be walked; losses reported by
 * {@value #CPU_TIME_SAMPLES_LOST} with {@code lostSamples}). Times are the events' start times in ns
 * of JFR's clock (epoch based): a caller aligning them with other timelines must convert. Native
 * frames (not Java) are kept with the kind of their class.
 */
public final class JfrSampleReader {
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    public static final String CPU_TIME_SAMPLE = "jdk.CPUTimeSample";
    public static final String CPU_TIME_SAMPLES_LOST = "jdk.CPUTimeSamplesLost";
    /** The agent's event naming the engine that sampled (recorder/agent/SamplerEvent). */
    public static final String SAMPLER = "io.forkscope.Sampler";
    /** The agent's events with a thread's CPU time while sampled (recorder/agent/ThreadCpuTimeEvent); the largest counts. */
    public static final String THREAD_CPU_TIME = "io.forkscope.ThreadCpuTime";

    private JfrSampleReader() {
    }

    /** The samples of event {@code eventName} ({@link #EXECUTION_SAMPLE} or {@link #CPU_TIME_SAMPLE}). */
    public static JfrSamples read(Path file, String eventName) throws IOException {
        List<StackSample> samples = new ArrayList<>();
        Map<Long, long[]> rates = new HashMap<>(); // count, first, last
        Map<Long, String> names = new HashMap<>();
        long truncated = 0;
        long failed = 0;
        long lost = 0;
        long vmThreads = 0;
        JfrSamples.Sampler sampler = JfrSamples.Sampler.JFR_UNNAMED;
        Map<Long, Long> cpu = new HashMap<>();
        Map<Long, String> cpuNames = new HashMap<>();
        String threadField = eventName.equals(CPU_TIME_SAMPLE) ? "eventThread" : "sampledThread";
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String name = event.getEventType().getName();
                if (name.equals(SAMPLER)) {
                    sampler = new JfrSamples.Sampler(event.getString("engine"), event.getString("event"),
                            event.getString("note") == null ? "" : event.getString("note"));
                    continue;
                }
                if (name.equals(THREAD_CPU_TIME)) {
                    cpu.merge(event.getLong("javaThreadId"), event.getLong("cpuNs"), Math::max);
                    cpuNames.put(event.getLong("javaThreadId"), event.getString("threadName"));
                    continue;
                }
                if (name.equals(CPU_TIME_SAMPLES_LOST)) {
                    lost += eventName.equals(CPU_TIME_SAMPLE) ? event.getInt("lostSamples") : 0;
                    continue;
                }
                if (!name.equals(eventName)) {
                    continue;
                }
                if (event.hasField("failed") && event.getBoolean("failed")) {
                    failed++;
                    continue;
                }
                RecordedThread thread = event.getThread(threadField);
                RecordedStackTrace stack = event.getStackTrace();
                if (thread == null || stack == null) {
                    failed++;
                    continue;
                }
                long threadId = thread.getJavaThreadId();
                if (threadId <= 0) {
                    vmThreads++;   // the JVM's own threads (GC, compilers): no Java frame
                    continue;
                }
                long time = event.getStartTime().getEpochSecond() * 1_000_000_000L + event.getStartTime().getNano();
                List<Frame> frames = new ArrayList<>(stack.getFrames().size());
                for (RecordedFrame f : stack.getFrames()) {
                    frames.add(Frame.of(f.getMethod().getType().getName(), f.getMethod().getName(), f.getLineNumber(), f.getBytecodeIndex()));
                }
                truncated += stack.isTruncated() ? 1 : 0;
                samples.add(new StackSample(threadId, time, frames, stack.isTruncated()));
                long[] r = rates.computeIfAbsent(threadId, id -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
                r[0]++;
                r[1] = Math.min(r[1], time);
                r[2] = Math.max(r[2], time);
                names.putIfAbsent(threadId, thread.getJavaName());
            }
        }
        Map<Long, JfrSamples.ThreadRate> perThread = new HashMap<>();
        rates.forEach((id, r) -> perThread.put(id, new JfrSamples.ThreadRate(id, names.get(id), r[0], r[1], r[2])));
        return new JfrSamples(eventName, samples, perThread, truncated, failed, lost, sampler, cpu, cpuNames, vmThreads);
    }
}
