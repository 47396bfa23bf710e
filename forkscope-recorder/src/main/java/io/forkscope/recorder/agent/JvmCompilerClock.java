package io.forkscope.recorder.agent;

import io.forkscope.recorder.engine.CompilerClock;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's JIT compilation counter ({@link CompilationMXBean#getTotalCompilationTime()}: the
 * compiler threads' accumulated time, in ms, read from a HotSpot performance counter without a
 * safepoint). Made at the agent's start, before the program runs, so that the management classes
 * are loaded then and never inside a region. Not used in {@code mode=regions} (bench), which
 * loads nothing it does not need.
 */
final class JvmCompilerClock {
    private JvmCompilerClock() {}

    /** @return the JVM's counter, or {@link CompilerClock#NONE} where the JVM has none */
    static CompilerClock create() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        if (bean == null || !bean.isCompilationTimeMonitoringSupported()) {
            return CompilerClock.NONE;
        }
        bean.getTotalCompilationTime();   // the first read links the counter
        return () -> bean.getTotalCompilationTime() * 1_000_000L;
    }
}
