package io.forkscope.recorder.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The engine's {@link ThreadState}s: exactly one per thread for the whole run, whatever the runtime
 * does to the thread's ThreadLocals, and the totals of threads that died.
 *
 * <p>Identity. Common-pool workers erase their ThreadLocals after each top-level task (JDK 17:
 * {@code ThreadLocalRandom.eraseThreadLocals} in {@code WorkQueue.topLevelExec} for innocuous
 * workers; JDK 25: {@code resetThreadLocals} in {@code ForkJoinPool.awaitWork} for workers with
 * {@code CLEAR_TLS}). A ThreadLocal is therefore only the fast path: on a miss the state is looked up
 * in a map keyed by the Thread object (identity; ids and names may repeat or change) and put back
 * into the ThreadLocal, so the same state, with the frame stack it holds, carries on. Only the
 * thread itself creates its state, so a miss never races with another creation for the same key.
 * Display names are unique over the run: a thread whose name an earlier thread already had (a
 * common-pool worker that replaced one that timed out, a second pool's {@code worker-1} after a
 * rename) is called {@code name#id}. Names are remembered for the whole run, one string each.
 *
 * <p>Retirement. States of threads that died are released by the sink's thread ({@link
 * #retireDead}): their totals are folded into {@link Retired}, so that snapshots and the
 * outstanding-task count do not grow with every short-lived pool a program creates. The live
 * states and the retired totals are published together in one immutable {@link Roster}, replaced
 * by compare-and-set: a reader (any thread) sees a thread either live or retired, never both or
 * neither. A dead thread's fields are final: {@code isAlive()} returning false happens-after
 * everything the thread did (JLS 17.4.4).
 */
final class ThreadRegistry {
    /** Live thread states, in registration order, and what retired threads left behind. */
    record Roster(ThreadState[] live, Retired retired) {}

    /** Whole-run totals of the threads that died (see ThreadState for each field's meaning). */
    record Retired(long work, long spawns, long syncs, long execs, long spawnedEnded, long maxSpan, long maxBspan,
                   long firstEventNs, long lastEventNs, int threadsWithTasks, int maxPoolParallelism,
                   int helpersOutsidePools, int threads) {
        static final Retired NONE = new Retired(0, 0, 0, 0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0, 0, 0);

        Retired plus(ThreadState ts) {
            boolean events = ts.firstEventNs != Long.MAX_VALUE;
            return new Retired(work + ts.work, spawns + ts.spawns, syncs + ts.syncs, execs + ts.execs,
                    spawnedEnded + ts.spawnedEnded, Math.max(maxSpan, ts.maxSpan), Math.max(maxBspan, ts.maxBspan),
                    events ? Math.min(firstEventNs, ts.firstEventNs) : firstEventNs,
                    events ? Math.max(lastEventNs, ts.lastEventNs) : lastEventNs,
                    threadsWithTasks + (ts.ranTasks ? 1 : 0),
                    ts.ranTasks ? Math.max(maxPoolParallelism, ts.poolParallelism) : maxPoolParallelism,
                    helpersOutsidePools + (ts.ranTasks && ts.poolParallelism == 0 ? 1 : 0), threads + 1);
        }
    }

    private final ThreadClassifier classifier;
    private final ThreadLocal<ThreadState> current = new ThreadLocal<>();
    private final ConcurrentHashMap<Thread, ThreadState> byThread = new ConcurrentHashMap<>();
    private final Set<String> names = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextIndex = new AtomicInteger();
    private final AtomicReference<Roster> roster =
            new AtomicReference<>(new Roster(new ThreadState[0], Retired.NONE));

    ThreadRegistry(ThreadClassifier classifier) {
        this.classifier = classifier;
    }

    /** The calling thread's state, created at its first event. */
    ThreadState current() {
        ThreadState ts = current.get();
        return ts != null ? ts : recover(Thread.currentThread());
    }

    /** The ThreadLocal missed: the thread is new, or the runtime erased its ThreadLocals. */
    private ThreadState recover(Thread t) {
        ThreadState ts = byThread.get(t);
        if (ts == null) {
            boolean ignored = classifier.ignore(t);
            ts = new ThreadState(t, ignored ? t.getName() : uniqueName(t), ignored, classifier.poolParallelism(t));
            if (!ignored) {       // ignored threads (carriers) stay out of the map: reclassifying is cheap
                ts.index = nextIndex.getAndIncrement();
                byThread.put(t, ts);
                for (Roster r; ; ) {
                    r = roster.get();
                    ThreadState[] live = java.util.Arrays.copyOf(r.live(), r.live().length + 1);
                    live[live.length - 1] = ts;
                    if (roster.compareAndSet(r, new Roster(live, r.retired()))) {
                        break;
                    }
                }
            }
        }
        current.set(ts);
        return ts;
    }

    @SuppressWarnings("deprecation")     // Thread.getId: threadId() is JDK 19+
    private String uniqueName(Thread t) {
        String name = t.getName();
        if (names.add(name)) {
            return name;
        }
        String candidate = name + "#" + t.getId();
        for (int n = 2; !names.add(candidate); n++) {
            candidate = name + "#" + t.getId() + "." + n;
        }
        return candidate;
    }

    Roster roster() {
        return roster.get();
    }

    /** @return the live states (a snapshot; threads that start later are not in it) */
    List<ThreadState> live() {
        return java.util.Arrays.asList(roster.get().live());
    }

    /**
     * Releases the states of threads that died: each is first handed to {@code beforeRelease} (to
     * hand over what it still holds), then its totals move to the retired ones. Called by the
     * sink's threads only (serialised here), never by the program's.
     *
     * @return how many threads were retired
     */
    synchronized int retireDead(Consumer<ThreadState> beforeRelease) {
        List<ThreadState> dead = new ArrayList<>();
        for (ThreadState ts : roster.get().live()) {
            if (!ts.thread.isAlive()) {
                dead.add(ts);
            }
        }
        if (dead.isEmpty()) {
            return 0;
        }
        dead.forEach(beforeRelease);
        for (Roster r; ; ) {
            r = roster.get();
            List<ThreadState> live = new ArrayList<>(r.live().length);
            Retired retired = r.retired();
            for (ThreadState ts : r.live()) {
                if (dead.contains(ts)) {
                    retired = retired.plus(ts);
                } else {
                    live.add(ts);
                }
            }
            if (roster.compareAndSet(r, new Roster(live.toArray(new ThreadState[0]), retired))) {
                break;
            }
        }
        for (ThreadState ts : dead) {
            byThread.remove(ts.thread, ts);
        }
        return dead.size();
    }

    /** Forgets the calling thread's ThreadLocal, as a pool's erasure does (tests). */
    void eraseCurrentThreadLocal() {
        current.remove();
    }
}
