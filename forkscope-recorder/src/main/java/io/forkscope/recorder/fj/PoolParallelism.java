package io.forkscope.recorder.fj;

/**
 * The parallelism that {@code forkscope bench} imposes on the pools a program creates itself (agent
 * option {@code workers=P}). ForkJoinPool's constructors call {@link #parallelism} through
 * {@link PoolParallelismAdvice}; this class is on the bootstrap class path, so java.base can link
 * to it. Until {@link #impose} is called, every pool keeps what the program asked for.
 */
public final class PoolParallelism {
    private static volatile int imposed;
    /** 0: pools keep their mode; 1: LIFO (asyncMode false); 2: FIFO (asyncMode true). */
    private static volatile int imposedMode;

    private PoolParallelism() {}

    /**
     * From now on, every new pool gets parallelism {@code p} (at least 1). Public, like imposeFifo:
     * PoolParallelismWeaver calls them from the system class loader (see Premain).
     */
    public static void impose(int p) {
        if (p < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + p);
        }
        imposed = p;
    }

    /**
     * From now on, every new pool is FIFO ({@code asyncMode} true) or LIFO (false): agent option
     * {@code pool.mode}, so that one program's runtimes can be compared (Delay Spotter Fig. 5).
     */
    public static void imposeFifo(boolean fifo) {
        imposedMode = fifo ? 2 : 1;
    }

    /** @return the asyncMode to construct a pool with, given what the program asked for */
    public static boolean asyncMode(boolean requested) {
        int m = imposedMode;
        return m == 0 ? requested : m == 2;
    }

    /** @return the parallelism to construct a pool with, given what the program asked for */
    public static int parallelism(int requested) {
        int p = imposed;
        return p > 0 ? p : requested;
    }

    /**
     * @return a maximum pool size that admits the imposed parallelism: ForkJoinPool refuses a
     *     maximum below its parallelism, so a program's own maximum is raised to P when needed
     */
    public static int maximumPoolSize(int requested) {
        int p = imposed;
        return p > 0 ? Math.max(requested, p) : requested;
    }
}
