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

    /**
     * A frame whose kind follows from its class ({@link FrameKind#ofClass}); a hidden class's name
     * loses what differs from run to run ({@link #stableClassName}).
     */
    public static Frame of(String className, String methodName, int line, int bci) {
        String stable = stableClassName(className);
        return new Frame(stable, methodName, line, bci, FrameKind.ofClass(stable));
    }

    private static final java.util.regex.Pattern HIDDEN_SUFFIX =
            java.util.regex.Pattern.compile("[/.+]0x[0-9a-fA-F]+(?:[./]\\d+)?$");

    /**
     * A class name as it is the same in every run: a lambda's hidden class
     * ({@code app.Main$$Lambda$137/0x0000000800c0b000} on JDK 17, {@code app.Main$$Lambda/0x...} on
     * JDK 25, with {@code +}, {@code .} or a JFR id in place of the slash) is {@code app.Main$$Lambda},
     * and any other hidden class loses its address suffix, so the same code is one context-tree
     * node in every run and on both JDKs (the lambda's body, one frame below, tells lambdas apart).
     */
    public static String stableClassName(String className) {
        int lambda = className.indexOf("$$Lambda");
        if (lambda >= 0) {
            return className.substring(0, lambda + "$$Lambda".length());
        }
        return HIDDEN_SUFFIX.matcher(className).replaceFirst("");
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
