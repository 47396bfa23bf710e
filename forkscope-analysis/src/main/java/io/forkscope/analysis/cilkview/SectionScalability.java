package io.forkscope.analysis.cilkview;

import io.forkscope.model.Compilation;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * Cilkview's parallelism profile and speedup estimate (Fig. 6) of one section: the whole run, or
 * one occurrence of a region.
 *
 * @param label                the region's label ("" when it has none); null for the whole run
 * @param thread               the thread that opened and closed the region; null for the whole run
 * @param startNs              when the region opened, ns after the recording started; 0 for the whole run
 * @param unjoined             tasks forked in the region and unfinished when it closed; 0 for the whole run
 * @param measures             work, span, burdened span, counts and elapsed time, in the recording's unit
 * @param parallelism          T1/T∞, 0 when the span is 0
 * @param burdenedParallelism  T1/bT∞, 0 when the burdened span is 0
 * @param averageMaximalStrand work / (1 + 2·spawns + syncs), in the recording's unit
 * @param speedups             one estimate per processor count, ascending in P; empty without work
 * @param diagnoses            the findings of {@link Diagnostician}; empty when none applies
 * @param compilation          the JIT compilers' time while the section ran (for the whole run:
 *                             from its first event to the recording's end), unknown in older recordings
 */
public record SectionScalability(String label, String thread, long startNs, long unjoined, WorkSpan measures,
                                 double parallelism, double burdenedParallelism, double averageMaximalStrand,
                                 List<SpeedupEstimate> speedups, List<Diagnosis> diagnoses,
                                 Compilation compilation) {
    public SectionScalability {
        speedups = List.copyOf(speedups);
        diagnoses = List.copyOf(diagnoses);
    }

    /** @return this section with the findings of {@code kind} replaced by {@code d}, in place */
    public SectionScalability replacing(Diagnosis.Kind kind, Diagnosis d) {
        List<Diagnosis> all = new ArrayList<>(diagnoses.size());
        for (Diagnosis x : diagnoses) {
            all.add(x.kind() == kind ? d : x);
        }
        return new SectionScalability(label, thread, startNs, unjoined, measures, parallelism, burdenedParallelism,
                averageMaximalStrand, speedups, all, compilation);
    }

    /** @return this section with one more finding, first when {@code first}, else last */
    public SectionScalability with(Diagnosis d, boolean first) {
        List<Diagnosis> all = new ArrayList<>(diagnoses.size() + 1);
        if (first) {
            all.add(d);
        }
        all.addAll(diagnoses);
        if (!first) {
            all.add(d);
        }
        return new SectionScalability(label, thread, startNs, unjoined, measures, parallelism, burdenedParallelism,
                averageMaximalStrand, speedups, all, compilation);
    }

    /** @return whether this section is the whole run rather than a region */
    public boolean isWholeRun() {
        return label == null;
    }
}
