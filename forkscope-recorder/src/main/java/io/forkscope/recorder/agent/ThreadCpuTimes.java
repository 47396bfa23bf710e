package io.forkscope.recorder.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * Every thread's CPU time while the run is sampled, so that each thread's samples can be compared
 * with those its CPU time should have given (a sampler that fires per period of a thread's CPU time
 * owes it CPU time / period samples). A daemon thread ({@value #THREAD}) reads all threads' CPU clocks
 * every {@value #POLL_MS} ms and commits a {@link ThreadCpuTimeEvent} for each thread whose CPU time
 * since sampling started changed (readers keep the largest per thread): so the values reach the JFR
 * recording even if JFR's shutdown hook stops it before the agent's end. {@link #finish} reads once
 * more and returns every thread's latest value, for the recording's information (those reach the
 * file whichever hook runs first; the poller may also have been starved on a loaded machine). A thread that ended between two reads loses at most {@value #POLL_MS} ms of CPU time (its
 * expected count is then a little low). Cost: one bulk read of the threads' clocks per poll and an
 * event of ~30 bytes per running thread.
 */
final class ThreadCpuTimes {
    static final String THREAD = "forkscope-cpu-times";
    static final long POLL_MS = 100;

    private final com.sun.management.ThreadMXBean threads;
    private final Map<Long, Long> baseline = new HashMap<>();
    private final Map<Long, long[]> latest = new HashMap<>();   // id -> {cpu ns since baseline}
    private final Map<Long, String> names = new HashMap<>();
    private final java.util.Set<Long> destroyJavaVm = new java.util.HashSet<>();
    private final Thread poller;
    private volatile boolean stopped;

    private ThreadCpuTimes(com.sun.management.ThreadMXBean threads) {
        this.threads = threads;
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids);
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] >= 0) {
                baseline.put(ids[i], cpu[i]);
            }
        }
        poller = new Thread(this::pollLoop, THREAD);
        poller.setDaemon(true);
    }

    /** @return a started reader, or null when this JVM cannot read threads' CPU time */
    static ThreadCpuTimes start() {
        try {
            if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t)
                    || !t.isThreadCpuTimeSupported()) {
                return null;
            }
            if (!t.isThreadCpuTimeEnabled()) {
                t.setThreadCpuTimeEnabled(true);
            }
            ThreadCpuTimes times = new ThreadCpuTimes(t);
            times.poller.start();
            return times;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    private void pollLoop() {
        while (!stopped) {
            try {
                Thread.sleep(POLL_MS);
                poll();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                return;   // leaves what was read so far
            }
        }
    }

    private synchronized void poll() {
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids);
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] < 0 || destroyJavaVm.contains(ids[i])) {
                continue;   // ended meanwhile; or the main thread re-attached at exit, whose clock runs from the JVM's start
            }
            long since = cpu[i] - baseline.getOrDefault(ids[i], 0L);
            long[] last = latest.computeIfAbsent(ids[i], id -> new long[1]);
            if (since <= last[0]) {
                continue;
            }
            last[0] = since;
            String name = names.get(ids[i]);
            if (name == null) {
                ThreadInfo info = threads.getThreadInfo(ids[i], 0);
                name = info == null ? "?" : info.getThreadName();
                if (name.equals("DestroyJavaVM")) {
                    destroyJavaVm.add(ids[i]);
                    continue;
                }
                names.put(ids[i], name);
            }
            ThreadCpuTimeEvent e = new ThreadCpuTimeEvent();
            e.javaThreadId = ids[i];
            e.threadName = name;
            e.cpuNs = since;
            e.commit();
        }
    }

    /**
     * Stops polling and reads once more (committing the last values).
     *
     * @return every thread's CPU time while sampled as information entries ({@link
     *         io.forkscope.model.RecordingInfo#SAMPLE_CPU_PREFIX})
     */
    synchronized Map<String, String> finish() {
        stopped = true;
        poller.interrupt();
        try {
            poll();
        } catch (RuntimeException e) {
            // keep the last poll's values
        }
        Map<String, String> info = new HashMap<>();
        latest.forEach((id, cpu) -> {
            String name = names.get(id);
            if (name != null) {
                Map.Entry<String, String> e = io.forkscope.model.RecordingInfo.sampledThreadCpuEntry(id, cpu[0], name);
                info.put(e.getKey(), e.getValue());
            }
        });
        return info;
    }
}
