package io.forkscope.analysis.cilkview;

/**
 * One finding about a section, with a one-line message for people that carries the numbers.
 *
 * @param kind    what was found
 * @param message one line, no trailing newline
 */
public record Diagnosis(Kind kind, String message) {
    /** The findings of {@link Diagnostician}, after Cilkview §2, §4 and §5. */
    public enum Kind {
        /**
         * The recording says its DAG lacks edges (unjoined tasks, unmodelled runtimes, unconnected
         * completions: {@link io.forkscope.model.RecordingGaps}); no other finding is made then.
         */
        INCOMPLETE_DAG,
        /**
         * The JIT compilers worked for a large share of the section's time ({@link ColdCode}): its
         * strand times include interpreted and not yet optimised code (time unit only).
         */
        COLD_CODE,
        /** Parallelism below {@value Diagnostician#PARALLELISM_PER_PROCESSOR} × the processor count. */
        LOW_PARALLELISM,
        /** Burdened parallelism far below parallelism: spawn/steal overhead dominates. */
        FINE_GRAINED_TASKS,
        /** Average maximal strand so short that spawn overhead shows (time unit only). */
        SHORT_STRANDS,
        /**
         * The call sites with the largest local span on the critical path (a recording made with
         * {@code --sites}): where the span is, not a fault; made for the whole run only.
         */
        SPAN_HOLDERS
    }
}
