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
 * thread cannot be added (Thread is loaded before any agent). Here a thread's count lives in a small
 * array of its own, its <em>cell</em>, found in a table indexed by the thread's id:
 * {@code Thread.currentThread()} (an intrinsic), its id (a field), one array load and an add.
 *
 * <p>Two lanes. The count is the sum of two longs of the cell, {@link #COUNT} and {@link #LANE_B}.
 * {@link #add} adds to the first; a quiet method's twin ({@code count/weave/Twins}) takes the caller's
 * cell and a lane as arguments and adds to that lane, and its quiet calls alternate the two lanes by
 * call site. Why: a counted call's cost is the read-modify-write of the count, each waiting for the
 * previous call's store to forward, a chain of some 6 cycles a call; fib's two recursive calls on two
 * lanes make two chains that overlap (serial fib, hand-written: 82 ms on one lane, 61 on two, 38
 * plain). The lanes sit far enough into the cell that the cache line they are on holds nothing but
 * the cell (its header's line may be shared with whatever the thread allocated before), so threads
 * never write one line. Only the owning thread creates its cell (lazily, at its first hand-over),
 * writes it, and writes its table slot, once; no other thread reads a cell. Thread ids at or above
 * {@link #DIRECT_IDS} (a program that made tens of thousands of threads, virtual threads) keep their
 * cell in a ThreadLocal.
 *
 * <p>A cell belongs to a thread id for the JVM's life; ids are never reused, so a dead thread's count
 * is simply never read again.
 *
 * <p>With the JDK counted too ({@code count.jdk=true}, {@link #countsJdk}), the JDK's woven classes hand
 * their counts over with {@link #addJdk} instead, which adds nothing while the thread is inside one of
 * forkscope's hooks or weavers ({@link #pause}/{@link #resume}, a depth kept in the cell): the
 * JDK code forkscope itself runs (its ThreadLocals, collections, the weavers' ASM) is never counted. The
 * application's own classes keep {@link #add}, which does not look at the depth: forkscope's hooks never
 * run application code. Nothing here calls a woven method (Thread and ThreadLocal are never woven,
 * {@code count/weave/JdkScope}), so counting never recurses into itself.
 */
public final class BytecodeCounter {
    /** The count's first lane: what {@link #add} adds to. */
    public static final int COUNT = 8;
    /** The count's second lane (see the class comment). */
    public static final int LANE_B = COUNT + 1;
    /** Where a cell holds its thread's pause depth ({@link #pause}). */
    private static final int DEPTH = COUNT + 2;
    /** A cell's length: 24 longs, so that the line of the lanes ends inside it (bytes 80-95 of the array). */
    private static final int CELL_LONGS = 24;
    /** Thread ids below this find their cell in {@link #CELLS} (256 KB of references). */
    static final int DIRECT_IDS = 1 << 16;
    private static final long[][] CELLS = new long[DIRECT_IDS][];
    private static final ThreadLocal<long[]> BEYOND = new ThreadLocal<>() {
        @Override
        protected long[] initialValue() {
            return new long[CELL_LONGS];
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
     * The calling thread's cell, made at its first use: woven code passes it to quiet methods' twins,
     * which add to one of its lanes directly. Only the thread itself may use it.
     */
    public static long[] cell() {
        long id = Thread.currentThread().getId();
        long[] cell;
        if (id < DIRECT_IDS && (cell = CELLS[(int) id]) != null) {
            return cell;
        }
        return cellSlow(id);
    }

    /**
     * The calling thread's cell when its id is below {@link #DIRECT_IDS} (made at the first call), else
     * null. Such a cell is its thread's for the thread's life: its slot is written once, by the thread,
     * and never cleared, so a caller may keep it (the engine's {@code ThreadState}) and read the count
     * from it ({@link #count}) as {@link #current} would. A cell past the table lives in a ThreadLocal,
     * which the pool may erase, so it is not handed out.
     */
    public static long[] directCell() {
        long id = Thread.currentThread().getId();
        return id < DIRECT_IDS ? cell() : null;
    }

    /** @return the count in {@code cell} (both lanes): {@link #current} on the cell's own thread */
    public static long count(long[] cell) {
        return cell[COUNT] + cell[LANE_B];
    }

    private static long[] cellSlow(long id) {
        if (id >= DIRECT_IDS) {
            return BEYOND.get();
        }
        long[] cell = new long[CELL_LONGS];
        CELLS[(int) id] = cell;        // only this thread writes its slot, once
        return cell;
    }

    /**
     * What the JDK's woven classes call in place of {@link #add}: the same, but nothing while the
     * calling thread is paused (inside a forkscope hook or weaver).
     */
    public static void addJdk(long n) {
        long[] cell = cell();
        if (cell[DEPTH] == 0) {
            cell[COUNT] += n;
        }
    }

    /**
     * The calling thread enters forkscope's own code (a hook, a weaver): the JDK's counts are not added
     * until the matching {@link #resume}. Nests. Nothing unless the JDK is counted.
     */
    public static void pause() {
        if (countsJdk) {
            cell()[DEPTH]++;
        }
    }

    /** Ends the innermost {@link #pause}. */
    public static void resume() {
        if (countsJdk) {
            cell()[DEPTH]--;
        }
    }

    /**
     * Adds {@code n} instructions to the calling thread's count (what woven code calls; small enough
     * for the JIT to inline at every call site).
     */
    public static void add(long n) {
        long id = Thread.currentThread().getId();
        long[] cell;
        if (id < DIRECT_IDS && (cell = CELLS[(int) id]) != null) {
            cell[COUNT] += n;
        } else {
            cellSlow(id)[COUNT] += n;
        }
    }

    /** @return the calling thread's count so far (both lanes) */
    public static long current() {
        long[] cell = cell();
        return cell[COUNT] + cell[LANE_B];
    }
}
