package io.forkscope.recorder.count;

/**
 * Each thread's count of the bytecode instructions its woven code executed ({@code --unit bytecodes},
 * docs/counted-work.md). Woven methods keep their counts in a local and hand them over here with
 * {@link #add} before every call, {@code athrow} and return; the engine reads {@link #current} where a
 * strand opens and closes, always on the thread the strand runs on. So at every fork/join event the
 * calling thread's count holds every instruction its woven code executed so far, and a strand's
 * length is the difference of two reads.
 *
 * <p>Where the counts live, measured (docs/counted-work.md, "handing counts to the thread"): a
 * {@code ThreadLocal} costs a hash lookup per hand-over (fib: 5x the plain program for three
 * hand-overs a call); the engine's thread registry is that ThreadLocal plus a map; a field of the
 * thread cannot be added (Thread is loaded before any agent). Here a thread's count is one long in a
 * page of cells indexed by the thread's id: {@code Thread.currentThread()} (an intrinsic), its id (a
 * field), two array loads and an add, about 3x fib's plain time. Each thread's cell is alone on its
 * 128 bytes (two cache lines, as the adjacent-line prefetcher fetches pairs), so threads never write
 * one line. Only the owning thread writes its cell; pages are allocated under a lock and never
 * replaced. Another thread may read a page pointer without the lock: it sees null (and takes the
 * lock) or the page, whose cells it sees at least zeroed (JLS 17.4.4: default values are visible to
 * every thread), and a thread only ever reads and writes its own cell. Thread ids at or above {@link #MAX_IDS} (a program that
 * made millions of threads) fall back to a ThreadLocal.
 *
 * <p>A cell belongs to a thread id for the JVM's life; ids are never reused, so a dead thread's count
 * is simply never read again.
 *
 * <p>With the JDK counted too ({@code count.jdk=true}, {@link #countsJdk}), the JDK's woven classes hand
 * their counts over with {@link #addJdk} instead, which adds nothing while the thread is inside one of
 * forkscope's hooks or weavers ({@link #pause}/{@link #resume}, a depth in the cell's second long): the
 * JDK code forkscope itself runs (its ThreadLocals, collections, the weavers' ASM) is never counted. The
 * application's own classes keep {@link #add}, which does not look at the depth: forkscope's hooks never
 * run application code. Nothing here calls a woven method (Thread and ThreadLocal are never woven,
 * {@code count/weave/JdkScope}), so counting never recurses into itself.
 */
public final class BytecodeCounter {
    /** Longs per thread: 16 x 8 = 128 bytes, two cache lines. */
    private static final int STRIDE_SHIFT = 4;
    private static final int PAGE_BITS = 8;
    private static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE_SIZE - 1;
    /** Thread ids below this use the pages (4 M ids; 16 K page pointers, 128 KB). */
    static final long MAX_IDS = 1L << 22;
    private static final long[][] PAGES = new long[(int) (MAX_IDS >>> PAGE_BITS)][];
    private static final ThreadLocal<long[]> BEYOND = new ThreadLocal<>() {
        @Override
        protected long[] initialValue() {
            return new long[2];     // the count, the pause depth
        }
    };

    /**
     * Whether the JDK's classes are counted too (agent option count.jdk): set once by the agent before
     * the program's main and any hook, read by {@link #pause}/{@link #resume}, which do nothing without it.
     */
    private static boolean countsJdk;

    private BytecodeCounter() {}

    /** Turns on {@link #pause}/{@link #resume} (count.jdk=true); called once, at the agent's start. */
    public static void countJdk() {
        countsJdk = true;
    }

    /** @return whether the JDK's classes are counted too */
    public static boolean countsJdk() {
        return countsJdk;
    }

    /**
     * What the JDK's woven classes call in place of {@link #add}: the same, but nothing while the
     * calling thread is paused (inside a forkscope hook or weaver).
     */
    public static void addJdk(long n) {
        long id = Thread.currentThread().getId();
        long[] page;
        if (id < MAX_IDS && (page = PAGES[(int) (id >>> PAGE_BITS)]) != null) {
            int i = ((int) id & PAGE_MASK) << STRIDE_SHIFT;
            if (page[i + 1] == 0) {
                page[i] += n;
            }
        } else {
            long[] cell = id < MAX_IDS ? page((int) (id >>> PAGE_BITS)) : BEYOND.get();
            int i = id < MAX_IDS ? ((int) id & PAGE_MASK) << STRIDE_SHIFT : 0;
            if (cell[i + 1] == 0) {
                cell[i] += n;
            }
        }
    }

    /**
     * The calling thread enters forkscope's own code (a hook, a weaver): the JDK's counts are not added
     * until the matching {@link #resume}. Nests. Nothing unless the JDK is counted.
     */
    public static void pause() {
        if (countsJdk) {
            depth(1);
        }
    }

    /** Ends the innermost {@link #pause}. */
    public static void resume() {
        if (countsJdk) {
            depth(-1);
        }
    }

    private static void depth(int delta) {
        long id = Thread.currentThread().getId();
        if (id < MAX_IDS) {
            long[] page = PAGES[(int) (id >>> PAGE_BITS)];
            if (page == null) {
                page = page((int) (id >>> PAGE_BITS));
            }
            page[(((int) id & PAGE_MASK) << STRIDE_SHIFT) + 1] += delta;
        } else {
            BEYOND.get()[1] += delta;
        }
    }

    /**
     * Adds {@code n} instructions to the calling thread's count (what woven code calls; small enough
     * for the JIT to inline at every call site).
     */
    public static void add(long n) {
        long id = Thread.currentThread().getId();
        long[] page;
        if (id < MAX_IDS && (page = PAGES[(int) (id >>> PAGE_BITS)]) != null) {
            page[((int) id & PAGE_MASK) << STRIDE_SHIFT] += n;
        } else {
            addSlow(id, n);
        }
    }

    /** @return the calling thread's count so far */
    public static long current() {
        long id = Thread.currentThread().getId();
        long[] page;
        if (id < MAX_IDS && (page = PAGES[(int) (id >>> PAGE_BITS)]) != null) {
            return page[((int) id & PAGE_MASK) << STRIDE_SHIFT];
        }
        return id < MAX_IDS ? 0 : BEYOND.get()[0];
    }

    private static void addSlow(long id, long n) {
        if (id >= MAX_IDS) {
            BEYOND.get()[0] += n;
            return;
        }
        page((int) (id >>> PAGE_BITS))[((int) id & PAGE_MASK) << STRIDE_SHIFT] += n;
    }

    private static long[] page(int index) {
        synchronized (PAGES) {
            long[] page = PAGES[index];
            if (page == null) {
                page = new long[PAGE_SIZE << STRIDE_SHIFT];
                PAGES[index] = page;
            }
            return page;
        }
    }
}
