package io.forkscope.report.predict;

/**
 * What the formats of {@code forkscope predict} say about its input beside the {@link
 * io.forkscope.analysis.simulate.SimulatedScaling}: where the recording and the steal latency came from,
 * and the machine it was recorded on.
 *
 * @param file          the recording's name
 * @param latencySource where the steal latency came from, in words ("the recording's burden
 *                      (calibrated (calibration.json, 2025-01-02))", "--latency-ns")
 * @param incomplete    the first line when the recording does not cover the whole run, else null
 * @param machineLine   the machine's load during the run ({@code MachineLine}), or null
 * @param cpus          the CPUs of the machine the run was recorded on, 0 when unknown
 * @param scaledFrom    the DAG's recorded work T1 (ns) when the nodes' costs were scaled to another
 *                      work ({@code --work-ns}), else -1
 */
public record PredictContext(String file, String latencySource, String incomplete, String machineLine, int cpus,
                             long scaledFrom) {
    /** Costs as recorded. */
    public PredictContext(String file, String latencySource, String incomplete, String machineLine, int cpus) {
        this(file, latencySource, incomplete, machineLine, cpus, -1);
    }
}
