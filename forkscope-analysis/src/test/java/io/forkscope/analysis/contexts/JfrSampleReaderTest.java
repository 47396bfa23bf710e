package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.StackSample;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a JFR file recorded here around a CPU-bound fork/join loop (two workers, a fixed amount of
 * work, half of the leaves recursing serially past JFR's default stack depth of 64). jdk.ExecutionSample at
 * 1 ms (the floor on JDK 17) on every JDK; on JDK 25 also jdk.CPUTimeSample at 1 ms of CPU time,
 * which needs the kernel's per-thread CPU timers and may yield nothing where they are refused. Each
 * read is checked against the file's events counted here one by one with jdk.jfr.consumer (every
 * event read or counted failed, per thread, truncated, times, top frames, losses); the rates
 * obtained go to target/contexts-jfr-&lt;version&gt;.txt.
 */
class JfrSampleReaderTest {
    static final Set<Long> WORKERS = ConcurrentHashMap.newKeySet();
    static final Map<Long, Long> CPU_NS = new ConcurrentHashMap<>();

    static final class Burn extends RecursiveTask<Long> {
        final int depth;
        final boolean deep;

        Burn(int depth, boolean deep) {
            this.depth = depth;
            this.deep = deep;
        }

        @Override
        protected Long compute() {
            WORKERS.add(Thread.currentThread().getId());
            if (depth == 0) {
                return deep(deep ? 100 : 0, 500_000);
            }
            Burn left = new Burn(depth - 1, true);
            left.fork();
            long right = new Burn(depth - 1, false).compute();
            return right + left.join();
        }

        /** A serial recursion 100 frames deep, burning CPU at the bottom. */
        static long deep(int frames, int spins) {
            if (frames > 0) {
                return deep(frames - 1, spins) + 1;
            }
            long x = spins;
            for (int i = 0; i < spins; i++) { // xorshift: nothing for the JIT to fold
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            return x;
        }
    }

    @Test
    void samplesOfAForkJoinRunWithThreadsTimesStacksAndTruncation(@TempDir Path dir) throws IOException {
        boolean cpuTimeSampler = Runtime.version().feature() >= 25;
        Path file = dir.resolve("run.jfr");
        ForkJoinPool pool = new ForkJoinPool(2);
        try (Recording recording = new Recording()) {
            recording.enable(JfrSampleReader.EXECUTION_SAMPLE).withPeriod(java.time.Duration.ofMillis(1));
            if (cpuTimeSampler) {
                recording.enable(JfrSampleReader.CPU_TIME_SAMPLE).with("throttle", "1ms");
                recording.enable(JfrSampleReader.CPU_TIME_SAMPLES_LOST);
            }
            recording.start();
            long checksum = 0;
            for (int round = 0; round < 8; round++) {
                checksum += pool.invoke(new Burn(8, false));
            }
            recording.stop();
            WORKERS.forEach(id -> CPU_NS.put(id, ManagementFactory.getThreadMXBean().getThreadCpuTime(id)));
            recording.dump(file);
            assertThat(checksum).isNotZero();
        } finally {
            pool.shutdown();
        }

        JfrSamples execution = JfrSampleReader.read(file, JfrSampleReader.EXECUTION_SAMPLE);
        StringBuilder report = new StringBuilder("java.version " + System.getProperty("java.version") + "\n");
        describe(execution, report);
        if (cpuTimeSampler) {
            describe(JfrSampleReader.read(file, JfrSampleReader.CPU_TIME_SAMPLE), report);
        }
        Path out = Path.of("target", "contexts-jfr-" + Runtime.version().feature() + ".txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertReadsEveryEvent(file, execution, "sampledThread");
        if (cpuTimeSampler) {
            // may hold no sample where the kernel refuses per-thread CPU timers; what it holds, it holds whole
            assertReadsEveryEvent(file, JfrSampleReader.read(file, JfrSampleReader.CPU_TIME_SAMPLE), "eventThread");
        }
        assertThat(execution.samples()).isNotEmpty();
        assertThat(execution.perThread().keySet()).containsAnyElementsOf(WORKERS);
        // the 100-frame serial recursion exceeds the default depth of 64: JFR says so
        assertThat(execution.truncated()).isPositive();
        StackSample deep = execution.samples().stream().filter(s -> s.truncated() && WORKERS.contains(s.threadId())).findFirst().orElseThrow();
        assertThat(deep.stackTopFirst()).hasSizeGreaterThanOrEqualTo(64);
        assertThat(deep.stackTopFirst().get(0).methodName()).isIn("deep", "compute");
        // a sample whose stack reaches the run loop resolves to the task's frames only
        StackSample whole = execution.samples().stream()
                .filter(s -> !s.truncated() && WORKERS.contains(s.threadId()) && s.stackTopFirst().stream().anyMatch(f -> f.methodName().equals("doExec")))
                .findFirst().orElseThrow();
        ContextTree tree = new ContextTree();
        int node = LogicalStacks.contextOf(tree, ContextTree.ROOT, whole.stackTopFirst());
        assertThat(tree.path(node).get(0)).extracting(Frame::methodName).isEqualTo("compute");
    }

    static void describe(JfrSamples s, StringBuilder out) {
        out.append(String.format(Locale.ROOT, "%s: %d samples, %d truncated, %d failed, %d lost%n",
                s.eventName(), s.samples().size(), s.truncated(), s.failed(), s.lost()));
        s.perThread().values().stream().sorted((a, b) -> Long.compare(b.count(), a.count())).forEach(t ->
                out.append(String.format(Locale.ROOT, "  %-28s %6d samples %8.1f /s over %.3f s%s%n",
                        t.threadName(), t.count(), t.perSecond(), (t.lastNs() - t.firstNs()) / 1e9,
                        CPU_NS.getOrDefault(t.threadId(), 0L) <= 0 ? "" : String.format(Locale.ROOT, "; %.3f s of CPU: %.1f per CPU second",
                                CPU_NS.get(t.threadId()) / 1e9, t.count() * 1e9 / CPU_NS.get(t.threadId())))));
    }

    /**
     * The read holds every event of its name in the file: one sample per event with a thread and a
     * stack and not marked failed (the others counted failed), per thread as many as the file has,
     * from the first to the last event's time, truncated exactly where JFR says so, each sample's
     * time and top frame its event's; for CPU-time samples, the losses JFR reported.
     */
    static void assertReadsEveryEvent(Path file, JfrSamples read, String threadField) throws IOException {
        long failed = 0;
        long truncated = 0;
        long lost = 0;
        Map<Long, long[]> perThread = new java.util.HashMap<>();   // count, first, last
        List<String> events = new java.util.ArrayList<>();          // "thread time topClass.topMethod"
        for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(file)) {
            String name = e.getEventType().getName();
            if (name.equals(JfrSampleReader.CPU_TIME_SAMPLES_LOST) && read.eventName().equals(JfrSampleReader.CPU_TIME_SAMPLE)) {
                lost += e.getInt("lostSamples");
            }
            if (!name.equals(read.eventName())) {
                continue;
            }
            jdk.jfr.consumer.RecordedThread t = e.getThread(threadField);
            if ((e.hasField("failed") && e.getBoolean("failed")) || t == null || e.getStackTrace() == null) {
                failed++;
                continue;
            }
            long time = e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano();
            truncated += e.getStackTrace().isTruncated() ? 1 : 0;
            long[] r = perThread.computeIfAbsent(t.getJavaThreadId(), k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            r[0]++;
            r[1] = Math.min(r[1], time);
            r[2] = Math.max(r[2], time);
            var top = e.getStackTrace().getFrames().isEmpty() ? null : e.getStackTrace().getFrames().get(0);
            events.add(t.getJavaThreadId() + " " + time + " "
                    + (top == null ? "-" : top.getMethod().getType().getName() + "." + top.getMethod().getName()));
        }
        String what = read.eventName();
        assertThat(read.failed()).as(what + " failed").isEqualTo(failed);
        assertThat(read.truncated()).as(what + " truncated").isEqualTo(truncated);
        assertThat(read.lost()).as(what + " lost").isEqualTo(lost);
        assertThat(read.samples().stream().filter(StackSample::truncated).count()).isEqualTo(truncated);
        List<String> got = read.samples().stream().map(x -> x.threadId() + " " + x.timeNs() + " "
                + (x.stackTopFirst().isEmpty() ? "-" : x.stackTopFirst().get(0).className() + "."
                + x.stackTopFirst().get(0).methodName())).toList();
        assertThat(got).as(what + " samples").containsExactlyInAnyOrderElementsOf(events);
        assertThat(read.perThread().keySet()).as(what + " threads").isEqualTo(perThread.keySet());
        perThread.forEach((id, r) -> {
            JfrSamples.ThreadRate rate = read.perThread().get(id);
            assertThat(new long[] {rate.count(), rate.firstNs(), rate.lastNs()}).as(what + " thread " + id).containsExactly(r);
        });
    }
}
