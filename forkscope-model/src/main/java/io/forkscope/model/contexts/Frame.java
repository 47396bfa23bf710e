package io.forkscope.model.contexts;

import java.util.Objects;

/**
 * One frame of a logical calling context: a method ({@code className} binary name with dots),
 * the source line and the bytecode index being executed there (-1 when unknown: stack traces from
 * {@link Thread#getStackTrace()} have no bci; a caller that wants one node per method passes -1
 * for both), and whose code it is. Two frames are the same context-tree key iff all fields match.
 */
public record Frame(String className, String methodName, int line, int bci, FrameKind kind) {
    /** The bucket of idle time while no thread works anywhere (see docs/contexts-design.md). */
    public static final Frame NO_WORK_ANYWHERE = new Frame("<forkscope>", "<no work anywhere>", -1, -1, FrameKind.SYNTHETIC);

    public Frame {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(methodName, "methodName");
        Objects.requireNonNull(kind, "kind");
    }

    /** A frame whose kind follows from its class ({@link FrameKind#ofClass}). */
    public static Frame of(String className, String methodName, int line, int bci) {
        return new Frame(className, methodName, line, bci, FrameKind.ofClass(className));
    }

    /** A frame of {@link Thread#getStackTrace()}: line only. */
    public static Frame of(StackTraceElement element) {
        return of(element.getClassName(), element.getMethodName(), element.getLineNumber() >= 0 ? element.getLineNumber() : -1, -1);
    }

    /** The same frame with line and bci dropped: one context node per method. */
    public Frame methodOnly() {
        return line == -1 && bci == -1 ? this : new Frame(className, methodName, -1, -1, kind);
    }

    /** {@code pkg.Class.method:line} (no spaces, no ';': safe in collapsed-stack lines). */
    public String label() {
        String name = className.isEmpty() ? methodName : className + "." + methodName;
        return (line >= 0 ? name + ":" + line : name).replace(';', ':').replace(' ', '_');
    }
}
