package io.forkscope.report.delay;

import io.forkscope.analysis.delay.DelayReport;

/**
 * One run in a comparison: its name (the file), a short description of how it was made (for
 * example "mode=dag workers=4"), and its analysis.
 */
public record CompareColumn(String name, String description, DelayReport report) {
    /**
     * The Fig. 5 components of this run, in worker-nanoseconds, with not-running time (the machine's)
     * second and forkscope's own time (the recorder's hooks) third.
     */
    public double[] components() {
        var b = report.breakdown();
        double first = report.workStretch().isPresent() ? report.workStretch().getAsDouble() : b.work();
        return new double[] {first, b.notRunning(), b.recorder(), b.delay(), b.noWorkSched(), b.noWorkApp()};
    }

    /** @return the slot time the components add up to: P × elapsed when the slots are constant */
    public double total() {
        return report.stats().slotTime();     // ∫ slots(t) dt: P × elapsed when the slots are constant
    }
}
