package io.forkscope.recorder.engine;

import io.forkscope.model.slots.OutsideThread;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
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
 * {@code CLEAR_TLS}). So the fast path is a table indexed by the thread's id, which no runtime
 * erases (ids are never reused), with a ThreadLocal for ids past the table; on a miss the state is
 * looked up in a map keyed by the Thread object and put back, so the same state, with the frame stack
 * it holds, carries on. Only the
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
                   long plainOpen, long firstEventNs, long lastEventNs, int threadsWithTasks, int maxPoolParallelism,
                   int helpersOutsidePools, int threads) {
        static final Retired NONE = new Retired(0, 0, 0, 0, 0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0, 0, 0);

        Retired plus(ThreadState ts) {
            boolean events = ts.firstEventNs != Long.MAX_VALUE;
            return new Retired(work + ts.work, spawns + ts.spawns, syncs + ts.syncs, execs + ts.execs,
                    spawnedEnded + ts.spawnedEnded, Math.max(maxSpan, ts.maxSpan), Math.max(maxBspan, ts.maxBspan),
                    plainOpen + ts.plainOpen,
                    events ? Math.min(firstEventNs, ts.firstEventNs) : firstEventNs,
                    events ? Math.max(lastEventNs, ts.lastEventNs) : lastEventNs,
                    threadsWithTasks + (ts.ranTasks ? 1 : 0),
                    ts.ranTasks ? Math.max(maxPoolParallelism, ts.poolParallelism) : maxPoolParallelism,
                    helpersOutsidePools + (ts.ranTasks && ts.poolParallelism == 0 ? 1 : 0), threads + 1);
        }
    }

    private final ThreadClassifier classifier;
    /** Thread ids below this find their state by {@link #byId} (64 KB of references); see {@link #directIds}. */
    static final int DIRECT_IDS = 1 << 14;
    /**
     * Thread ids below this find their state by {@link #byId}; the rest (a program that made thousands
     * of threads, virtual threads) by the {@link #current} ThreadLocal.
     */
    private final int directIds;
    /**
     * The fast path: the states of counted threads, indexed by thread id (ids are never reused, so an
     * entry can only be its own thread's). Only the thread itself writes its entry (at its first event,
     * in {@link #recover}) and reads it; {@link #retireDead} clears it once the thread is dead. A
     * ThreadLocal was a hash lookup per hook (some 9% of fib's time at cut-off 8), and the runtime
     * erases ThreadLocals; a thread's id field is neither.
     */
    private final ThreadState[] byId;
    /** The states of ignored threads and of threads whose id is {@link #DIRECT_IDS} or more. */
    private final ThreadLocal<ThreadState> current = new ThreadLocal<>();
    private final ConcurrentHashMap<Thread, ThreadState> byThread = new ConcurrentHashMap<>();
    private final Set<String> names = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextIndex = new AtomicInteger();
    private final java.util.Map<Object, PoolRecord> poolRecords = new java.util.WeakHashMap<>();
    private final List<PoolRecord> pools = new ArrayList<>();
    private final java.util.Map<Integer, Object> unnamedPools = new java.util.HashMap<>();
    /** Outside threads that died, with their task bodies (ns from the recording's start). */
    private final List<OutsideThread> retiredOutside = new ArrayList<>();
    private long originNs;
    private final AtomicReference<Roster> roster =
            new AtomicReference<>(new Roster(new ThreadState[0], Retired.NONE));

    ThreadRegistry(ThreadClassifier classifier) {
        this(classifier, DIRECT_IDS);
    }

    /** @param directIds thread ids below this are looked up by id, the others by a ThreadLocal (tests: 0) */
    ThreadRegistry(ThreadClassifier classifier, int directIds) {
        this.classifier = classifier;
        this.directIds = directIds;
        this.byId = new ThreadState[directIds];
    }

    /** The recording's start, the origin of the outside threads' body times kept at retirement. */
    void origin(long originNs) {
        this.originNs = originNs;
    }

    /** The calling thread's state, created at its first event. */
    ThreadState current() {
        Thread t = Thread.currentThread();
        long id = t.getId();
        ThreadState ts = id < directIds ? byId[(int) id] : null;
        if (ts == null) {
            ts = current.get();
        }
        return ts != null ? ts : recover(t);
    }

    /** The ThreadLocal missed: the thread is new, or the runtime erased its ThreadLocals. */
    private ThreadState recover(Thread t) {
        ThreadState ts = byThread.get(t);
        if (ts == null) {
            boolean ignored = classifier.ignore(t);
            ts = new ThreadState(t, ignored ? t.getName() : uniqueName(t), ignored, classifier.poolParallelism(t),
                    ignored ? null : poolRecord(classifier.pool(t), classifier.poolParallelism(t)));
            ts.registry = this;
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
        long id = t.getId();
        if (!ts.ignored && id < directIds) {
            byId[(int) id] = ts;
        } else {
            current.set(ts);
        }
        return ts;
    }

    /**
     * The record of the thread's pool, made when its first worker registers (null outside any pool).
     * Keyed weakly by the pool object, so pools the program drops are not kept; the records stay,
     * in registration order, one small object per pool.
     */
    private PoolRecord poolRecord(Object pool, int parallelism) {
        if (pool == null && parallelism <= 0) {
            return null;
        }
        synchronized (pools) {
            // a classifier that names no pool object (tests): one pool per parallelism
            Object key = pool != null ? pool : unnamedPools.computeIfAbsent(parallelism, k -> new Object());
            PoolRecord r = poolRecords.get(key);
            if (r == null) {
                r = new PoolRecord(parallelism, pool != null && classifier.isCommonPool(pool));
                poolRecords.put(key, r);
                pools.add(r);
            }
            return r;
        }
    }

    /**
     * The run's worker slots so far (measures.md §2), times in ns from {@code originNs}: every pool
     * whose workers ran tasks, alive from its workers' first event to their last, and every thread
     * outside the pools with its outermost task bodies. Called by the sink's threads only, after
     * {@link #retireDead}.
     *
     * @param first the run's first event, {@code last} its last (raw clock), {@code threads} the
     *              threads that ran tasks, {@code fallback} the slots when nothing ran
     */
    synchronized WorkerSlots slots(long originNs, long first, long last, int threads, int fallback) {
        Roster r = roster.get();
        java.util.Map<PoolRecord, long[]> lives = new java.util.LinkedHashMap<>();   // first, last, threads
        List<PoolRecord> known;
        synchronized (pools) {
            known = new ArrayList<>(pools);
        }
        for (PoolRecord p : known) {
            lives.put(p, new long[] {p.retiredFirst, p.retiredLast, p.retiredThreads});
        }
        List<OutsideThread> outside = new ArrayList<>(retiredOutside);
        for (ThreadState ts : r.live()) {
            if (!ts.ranTasks || ts.firstEventNs == Long.MAX_VALUE) {
                continue;
            }
            if (ts.pool != null) {
                long[] l = lives.computeIfAbsent(ts.pool,
                        p -> new long[] {p.retiredFirst, p.retiredLast, p.retiredThreads});
                l[0] = Math.min(l[0], ts.firstEventNs);
                l[1] = Math.max(l[1], ts.lastEventNs);
                l[2]++;
            } else if (ts.poolParallelism == 0) {
                OutsideThread o = outside(ts, originNs);
                if (o != null) {
                    outside.add(o);
                }
            }
        }
        List<PoolLife> poolLives = new ArrayList<>();
        lives.forEach((p, l) -> {
            if (l[2] > 0) {
                poolLives.add(new PoolLife(p.parallelism, p.common, l[0] - originNs, Math.max(l[0], l[1]) - originNs,
                        (int) l[2]));
            }
        });
        outside.sort(java.util.Comparator.comparingInt(OutsideThread::worker));
        boolean any = first != Long.MAX_VALUE;
        return WorkerSlots.of(any ? first - originNs : 0, any ? Math.max(first, last) - originNs : 0, threads,
                poolLives, outside, fallback);
    }

    private static OutsideThread outside(ThreadState ts, long originNs) {
        long[] b = ts.bodies(ts.lastEventNs - originNs);
        return b.length == 0 ? null : new OutsideThread(ts.index, ts.threadName, b);
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

    /**
     * @return ordinary tasks created and not joined, over every thread so far (live threads' counts
     *     read without synchronisation, as snapshots read their totals: exact once they have stopped)
     */
    long plainOpen() {
        Roster r = roster.get();
        long open = r.retired().plainOpen();
        for (ThreadState ts : r.live()) {
            open += ts.plainOpen;
        }
        return open;
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
        for (ThreadState ts : dead) {              // their share of the worker slots
            if (!ts.ranTasks || ts.firstEventNs == Long.MAX_VALUE) {
                continue;
            }
            if (ts.pool != null) {
                ts.pool.retiredFirst = Math.min(ts.pool.retiredFirst, ts.firstEventNs);
                ts.pool.retiredLast = Math.max(ts.pool.retiredLast, ts.lastEventNs);
                ts.pool.retiredThreads++;
            } else if (ts.poolParallelism == 0) {
                OutsideThread o = outside(ts, originNs);
                if (o != null) {
                    retiredOutside.add(o);
                }
            }
        }
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
            long id = ts.thread.getId();
            if (id < directIds && byId[(int) id] == ts) {
                byId[(int) id] = null;      // dead: its own thread can no longer read or write it
            }
        }
        return dead.size();
    }

    /**
     * Forgets the calling thread's ThreadLocal, as a pool's erasure does, and its id's entry, so that its
     * next event takes the recovery path (tests).
     */
    void eraseCurrentThreadLocal() {
        current.remove();
        long id = Thread.currentThread().getId();
        if (id < directIds) {
            byId[(int) id] = null;
        }
    }
}
