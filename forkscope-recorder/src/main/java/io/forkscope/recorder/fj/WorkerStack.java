package io.forkscope.recorder.fj;

/**
 * The stack size of the ForkJoinPool workers a recorded program creates. The recorder's advice adds
 * locals to the pool's frames, and {@code --sites} a local and two calls to every woven method, so
 * each level of nested task execution (a worker that helps a join runs the joined task on its own
 * stack) takes more stack than it does without the agent: a program whose deepest nesting fits in a
 * worker's stack could overflow it under the agent. Giving the workers more stack than the JVM's
 * default keeps such a program running as it would without forkscope.
 *
 * <p>ForkJoinWorkerThread's one real constructor (JDK 17 and 25) passes stack size 0, "the JVM's
 * default", to Thread's constructor; {@link WorkerStackWeaver} routes that argument through
 * {@link #stackSize}. This class is on the bootstrap class path, so java.base can link to it.
 *
 * <p>Only stack that is touched is committed: a bigger reservation costs address space, not memory.
 */
public final class WorkerStack {
    /** The size in bytes given to workers whose creator asked for the default; 0: keep the default. */
    private static volatile long imposed;

    private WorkerStack() {}

    /** From now on, workers created with the default stack size get {@code bytes} instead (0: the default). */
    public static void impose(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a stack size cannot be negative: " + bytes);
        }
        imposed = bytes;
    }

    /** @return the stack size for a new worker whose constructor asked for {@code requested} (0: default) */
    public static long stackSize(long requested) {
        return requested != 0 ? requested : imposed;
    }

    /**
     * @return the worker stack size to impose for a JVM whose default thread stack is
     *     {@code defaultBytes}: {@value #FACTOR} times the default, at most the default plus 256 MiB
     *     (a huge {@code -Xss} is not multiplied); 0 when the default is unknown
     *     ({@code defaultBytes <= 0}) and the JVM's own choice is kept
     */
    public static long scaled(long defaultBytes) {
        if (defaultBytes <= 0) {
            return 0;
        }
        return Math.min(FACTOR * defaultBytes, defaultBytes + MAX_EXTRA);
    }

    /**
     * How many times the default stack a worker gets under the recorder. Measured on the bundled uts
     * (tasks nested some 460 deep, JDK 17, 2 workers): it needs 256–384 KiB of a worker's stack
     * without the agent and up to about 1.1 MiB under {@code --sites}, so four times the default
     * gives back at least the margin the program had.
     */
    public static final int FACTOR = 4;
    /** The most stack added to the default, so that a huge -Xss is not multiplied. */
    public static final long MAX_EXTRA = 256L << 20;
}
