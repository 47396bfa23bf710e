package io.forkscope.analysis.simulate;

/**
 * How the simulator replays a collapsed node: a sub-DAG one worker ran alone in the recorded run,
 * known only by its work W and inner span S ≤ W (its inner structure is not recorded).
 *
 * <p>What collapsing costs. With k workers free to help, the sub-DAG alone could have taken anything
 * between max(S, W/k) (perfect division) and about W/k + S (a greedy schedule, Brent) plus the steals
 * inside it; the recording says only that on the recorded P nobody stole from it. Neither mode below
 * knows more: {@link #SEQUENTIAL} is exact only where the recorded schedule would repeat and
 * pessimistic beyond the recorded P; {@link #MALLEABLE} is the optimistic end. With both results the
 * truth is bracketed (up to scheduling anomalies); for a prediction at large P, record with
 * {@code --no-collapse}, which leaves nothing to guess.
 */
public enum CollapsedReplay {
    /**
     * One sequential piece of length W on one worker, as it ran: the simulated T_P never benefits
     * from the parallelism inside it.
     */
    SEQUENTIAL,
    /**
     * A divisible piece: while it runs, an idle worker that finds no ready node to steal may split
     * off half of the remaining time of one of its running parts (paying the steal latency), as a
     * thief would take half of a recursive decomposition. At most ⌊W/S⌋ parts run at once, so the
     * piece never takes less than W/⌊W/S⌋ ≥ S (the span law inside it) and never runs more parts
     * than its parallelism; a thief splits only when its half, after the latency, ends strictly
     * before the part it splits would have (the piece never gets later by a split). Work is kept
     * exactly: the parts' lengths add up to W.
     */
    MALLEABLE
}
