package io.forkscope.model.contexts;

/**
 * Whose code a frame is (issue 12, SPEC §5). A sample of a working thread whose top frame is
 * {@link #RUNTIME} or {@link #TOOL} is parallel overhead, one whose top frame is {@link #PROGRAM}
 * is work. {@link #SYNTHETIC} marks the few frames forkscope invents to name a bucket that no code
 * owns (e.g. {@link Frame#NO_WORK_ANYWHERE}).
 */
public enum FrameKind {
    /** The observed program, including the libraries it calls (java.util.stream too). */
    PROGRAM,
    /** The pool's and the JDK's concurrency code: scheduling, queues, stealing, parking. */
    RUNTIME,
    /** forkscope's own code (agent, recorder, relocated ByteBuddy). */
    TOOL,
    /** A bucket forkscope names, not a frame of any thread. */
    SYNTHETIC;

    /**
     * The kind of a frame of class {@code className} (binary name with dots). RUNTIME: the
     * fork/join pool and its task classes (every {@code java.util.concurrent.ForkJoin*} class,
     * {@code RecursiveTask}, {@code RecursiveAction}, {@code CountedCompleter}: their own methods
     * are exec/fork/join/complete machinery, a subclass's {@code compute()} is in the program's
     * class), {@code LockSupport} and {@code jdk.internal.misc.Unsafe} (parking). TOOL:
     * {@code io.forkscope.*} except the bundled sample programs. Everything else is PROGRAM.
     */
    public static FrameKind ofClass(String className) {
        if (className.startsWith("io.forkscope.")) {
            return className.startsWith("io.forkscope.samples.") ? PROGRAM : TOOL;
        }
        if (className.startsWith("java.util.concurrent.ForkJoin")
                || className.equals("java.util.concurrent.RecursiveTask")
                || className.equals("java.util.concurrent.RecursiveAction")
                || className.equals("java.util.concurrent.CountedCompleter")
                || className.equals("java.util.concurrent.locks.LockSupport")
                || className.equals("jdk.internal.misc.Unsafe")) {
            return RUNTIME;
        }
        return PROGRAM;
    }
}
