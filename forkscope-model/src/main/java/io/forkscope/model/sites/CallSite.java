package io.forkscope.model.sites;

/**
 * A place in application code that invokes a method or forks a task (measures.md §4): the method that
 * contains it ({@code className.methodName descriptor}), its bytecode index and, when the class
 * has debug information, its source file and line ({@code null} / -1 otherwise). {@code id} is
 * the dense index (0..S-1) the recorder gave the site when it was woven; profiles are indexed by
 * it. {@code callerMethod} is the dense index of the containing method, the φ(s) of Cilkprof §3:
 * top-caller invocations are decided by it, so two sites in one method must share it.
 * {@code kind} says what the site does and {@code callee} names what it invokes
 * ({@code QuickSort.partition}, {@code SortTask.fork}, or for a lambda its synthetic method).
 * Class names are binary names with dots ({@code app.QuickSort$SortTask}).
 */
public record CallSite(int id, int callerMethod, String className, String methodName, String descriptor,
                       int bci, int line, String sourceFile, SiteKind kind, String callee) {
    public CallSite {
        if (id < 0 || callerMethod < 0) {
            throw new IllegalArgumentException("call site ids are dense and non-negative: " + id + "/" + callerMethod);
        }
    }

    /** A call site whose callee is not known (tests, hand-built profiles). */
    public CallSite(int id, int callerMethod, String className, String methodName, String descriptor,
                    int bci, int line, String sourceFile) {
        this(id, callerMethod, className, methodName, descriptor, bci, line, sourceFile, SiteKind.CALL, null);
    }

    /** {@code File.java:41} when the line is known, else {@code Class.method@bci}. */
    public String where() {
        return line >= 0 && sourceFile != null ? sourceFile + ":" + line : className + "." + methodName + "@" + bci;
    }
}
