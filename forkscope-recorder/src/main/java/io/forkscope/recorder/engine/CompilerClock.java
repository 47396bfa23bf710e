package io.forkscope.recorder.engine;

/**
 * The JVM's just-in-time compilers' accumulated compilation time: what the engine reads at a
 * region's start and stop, and at the run's start and end, so that reports can say how much of a
 * section ran while its code was still being compiled (measures.md §2, "JIT compilation"). The
 * agent's clock reads the JVM's compilation counter ({@code CompilationMXBean}); tests use a fake.
 *
 * <p>The counter sums the time of every compiler thread, at a millisecond's resolution, so a
 * section's compilation time may exceed its elapsed time, and a section shorter than a few
 * milliseconds reads 0 or 1 ms whatever happened in it.
 */
@FunctionalInterface
public interface CompilerClock {
    /** No compilation counter: every section's compilation time is unknown. */
    CompilerClock NONE = () -> -1;

    /** @return the compilers' accumulated time in ns since the JVM started, or -1 where unknown */
    long compileNanos();

    /** @return {@code end - start} when both are known, else -1 */
    static long between(long start, long end) {
        return start < 0 || end < 0 ? -1 : Math.max(0, end - start);
    }
}
