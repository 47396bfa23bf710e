package io.forkscope.analysis.cilkview;

import io.forkscope.model.RecordingGaps;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cilkview's reading of a section's numbers (§2, §4, §5), turned into findings. A section with
 * no work gets none; a finding is made only when its threshold is crossed strictly.
 */
public final class Diagnostician {
    /**
     * Parallelism should exceed the processor count "by a reasonable margin" (§2), T1/T∞ ≫ P for
     * near-linear speedup (§3, Inequality 5). The paper names no factor; 10 is the usual Cilk rule
     * of thumb for that margin.
     */
    public static final double PARALLELISM_PER_PROCESSOR = 10;

    /**
     * §5 (stencil, Fig. 8): a burdened parallelism far below the parallelism means the burden
     * on the critical path outweighs the work along it, so the stolen tasks are too small to
     * pay for their migration. The paper gives no cut; below half means bT∞ > 2·T∞, i.e. more
     * burden than work on the burdened critical path.
     */
    public static final double MIN_BURDENED_TO_PARALLELISM = 0.5;

    /**
     * §4: when the average maximal strand is below 500 instructions, spawn overhead "may be
     * noticeable". Strands are timed here, not counted: 250 ns is 500 instructions at about two
     * instructions per nanosecond. Only applies to the time unit.
     */
    public static final double MIN_AVERAGE_MAXIMAL_STRAND_NS = 250;

    private Diagnostician() {}

    /**
     * @param ws         the section's measures
     * @param unit       the recording's unit; {@link Unit#ABSTRACT} skips the strand-length check
     * @param processors the processor count of the target machine
     * @return the findings, in the order of {@link Diagnosis.Kind}; empty when none applies
     */
    public static List<Diagnosis> diagnose(WorkSpan ws, Unit unit, int processors) {
        return diagnose(ws, unit, processors, RecordingGaps.NONE);
    }

    /**
     * As {@link #diagnose(WorkSpan, Unit, int)}, for a recording whose DAG may be known to be
     * incomplete: then the only finding is that, with the counts, since a span computed without
     * the missing edges can be too short or too long and no verdict on parallelism follows from it.
     */
    public static List<Diagnosis> diagnose(WorkSpan ws, Unit unit, int processors, RecordingGaps gaps) {
        return diagnose(ws, unit, processors, gaps, 0);
    }

    /**
     * As above, for a section that left {@code unjoined} tasks it forked running at its close: only a
     * section that forked nothing at all (no spawn, none left running, span = work) is called serial.
     */
    public static List<Diagnosis> diagnose(WorkSpan ws, Unit unit, int processors, RecordingGaps gaps, long unjoined) {
        if (ws.work() <= 0) {
            return List.of();
        }
        if (gaps.incomplete()) {
            return List.of(new Diagnosis(Diagnosis.Kind.INCOMPLETE_DAG, "no diagnosis: the recorded DAG is incomplete ("
                    + String.join("; ", gaps.lines()) + "), so its span and parallelism are not the program's"));
        }
        List<Diagnosis> out = new ArrayList<>();
        double parallelism = ws.parallelism();
        double needed = PARALLELISM_PER_PROCESSOR * processors;
        // span 0 with work leaves parallelism undefined (the model reports 0): say nothing of it
        if (ws.spawns() == 0 && unjoined == 0 && ws.span() > 0 && ws.span() >= ws.work()) {
            // nothing forked: no scheduler, no bound to estimate; a serial elision recorded as a baseline reads so too
            out.add(new Diagnosis(Diagnosis.Kind.LOW_PARALLELISM, "serial: no task was forked here, so it runs at"
                    + " speedup 1 on any number of processors; fork its independent parts to parallelise it (a serial"
                    + " elision recorded as a baseline for --serial reads so too)"));
        } else if (ws.span() > 0 && parallelism < needed) {
            SpeedupEstimate e = SpeedupBounds.estimate(ws, processors);
            out.add(new Diagnosis(Diagnosis.Kind.LOW_PARALLELISM, format(
                    "not enough parallelism for near-linear speedup on %d processors: parallelism %.2f is below %,.0f"
                            + " (%.0f x %d: a work-stealing scheduler needs that margin to keep every processor busy);"
                            + " it still gives an estimated %.2f - %.2f on %d processors; to scale further, expose more"
                            + " parallelism or shorten the span (forkscope sites: which code holds it)",
                    processors, parallelism, needed, PARALLELISM_PER_PROCESSOR, processors,
                    e.lower(), e.upper(), processors)));
        }
        double burdened = ws.burdenedParallelism();
        if (ws.burdenedSpan() > 0 && burdened < MIN_BURDENED_TO_PARALLELISM * parallelism) {
            out.add(new Diagnosis(Diagnosis.Kind.FINE_GRAINED_TASKS, format(
                    "tasks too fine-grained: burdened parallelism %.2f is below half the parallelism %.2f,"
                            + " spawn/steal overhead dominates; give each task more work",
                    burdened, parallelism)));
        }
        double strand = ws.averageMaximalStrand();
        if (unit == Unit.TIME && strand < MIN_AVERAGE_MAXIMAL_STRAND_NS) {
            out.add(new Diagnosis(Diagnosis.Kind.SHORT_STRANDS, format(
                    "strands too short: average maximal strand %,.1f ns is below %.0f ns (about 500 instructions),"
                            + " spawn overhead shows; coarsen (stop forking below a larger cutoff)",
                    strand, MIN_AVERAGE_MAXIMAL_STRAND_NS)));
        }
        return List.copyOf(out);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
