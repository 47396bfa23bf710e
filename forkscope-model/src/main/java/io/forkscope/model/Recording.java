package io.forkscope.model;

import io.forkscope.model.dag.Dag;
import java.util.List;
import java.util.Optional;

/**
 * A recording as read back from a file: how it was made, the whole run, the regions, and the
 * warnings the recorder or the reader raised (for example a truncated file).
 *
 * @param info     how it was made
 * @param wholeRun the last whole-run block in the file (final, or the last periodic snapshot)
 * @param regions  every closed region, in the order they closed
 * @param warnings recorder and reader warnings, for people
 * @param complete whether the recorder finished the file (an end block was read)
 * @param dag      the DAG of the run when it was recorded with {@code mode=dag}, else null
 */
public record Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions,
                        List<String> warnings, boolean complete, Dag dag) {
    public Recording {
        regions = List.copyOf(regions);
        warnings = List.copyOf(warnings);
    }

    /** A recording without a DAG (the default mode). */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean complete) {
        this(info, wholeRun, regions, warnings, complete, null);
    }

    /** @return the DAG of the run, if it was recorded with {@code mode=dag} */
    public Optional<Dag> recordedDag() {
        return Optional.ofNullable(dag);
    }
}
