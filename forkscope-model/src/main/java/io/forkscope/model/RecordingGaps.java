package io.forkscope.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a recording's DAG is known to miss, counted by the recorder and written at exit as keys of
 * a second information block (readers merge information blocks, so older ones carry them along):
 *
 * @param unjoined      ordinary tasks created (forked or submitted) that no join, invoke,
 *                      invokeAll or quiescence wait ever joined: how their results were awaited
 *                      (latch, CompletableFuture, sleep) is an edge forkscope did not see
 * @param unmodeled     tasks of runtimes forkscope does not model (CompletableFuture's async
 *                      stages and completions): their own edges (thenCombine, allOf, get) are missing
 * @param unconnected   CountedCompleter completions whose completer chain reached a task the
 *                      recorder never saw created or run, so the completion went nowhere
 * @param quiescenceOverflows quiescence waits (or task ends) that met a frame holding more
 *                      unjoined forks than the recorder keeps, so some join edges were left out
 * @param reforked      CountedCompleters forked again before they completed or were joined: their
 *                      runs synchronise through the program's own pending-count protocol (as
 *                      {@code Arrays.parallelPrefix}'s two passes do), whose edges are not in the DAG
 * @param cutOff        ordinary tasks not yet joined when a signal ended the run: the program had
 *                      no chance to join them, so they are not counted as {@code unjoined} (the
 *                      recorder counts every task unjoined at that moment here)
 * @param cutBy         the signal that ended the run ("SIGTERM"), or null when none did
 */
public record RecordingGaps(long unjoined, long unmodeled, long unconnected, long quiescenceOverflows,
                            long reforked, long cutOff, String cutBy) {
    /** The gaps of a run that no signal ended. */
    public RecordingGaps(long unjoined, long unmodeled, long unconnected, long quiescenceOverflows, long reforked) {
        this(unjoined, unmodeled, unconnected, quiescenceOverflows, reforked, 0, null);
    }

    public static final String UNJOINED = "gaps.unjoined.tasks";
    public static final String UNMODELED = "gaps.unmodeled.tasks";
    public static final String UNCONNECTED = "gaps.unconnected.completions";
    public static final String QUIESCENCE_OVERFLOWS = "gaps.quiescence.overflows";
    public static final String REFORKED = "gaps.reforked.completers";
    public static final String CUT_OFF = "gaps.cutoff.tasks";
    public static final RecordingGaps NONE = new RecordingGaps(0, 0, 0, 0, 0);

    /** The four kinds of gap older recorders counted (no re-forked completers). */
    public RecordingGaps(long unjoined, long unmodeled, long unconnected, long quiescenceOverflows) {
        this(unjoined, unmodeled, unconnected, quiescenceOverflows, 0);
    }

    /** @return the counts a recording's information holds (0 for keys it lacks: older recorders) */
    public static RecordingGaps of(RecordingInfo info) {
        return new RecordingGaps(count(info, UNJOINED), count(info, UNMODELED), count(info, UNCONNECTED),
                count(info, QUIESCENCE_OVERFLOWS), count(info, REFORKED), count(info, CUT_OFF),
                info.asMap().get(RecordingInfo.ENDED_BY));
    }

    private static long count(RecordingInfo info, String key) {
        try {
            return Math.max(0, Long.parseLong(info.get(key, "0")));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** @return the counts as information keys, only those above zero */
    public Map<String, String> asInfo() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        put(m, UNJOINED, unjoined);
        put(m, UNMODELED, unmodeled);
        put(m, UNCONNECTED, unconnected);
        put(m, QUIESCENCE_OVERFLOWS, quiescenceOverflows);
        put(m, REFORKED, reforked);
        put(m, CUT_OFF, cutOff);
        return m;
    }

    private static void put(Map<String, String> m, String key, long v) {
        if (v > 0) {
            m.put(key, Long.toString(v));
        }
    }

    /** @return whether the DAG is known to lack edges, so span and parallelism are not to be trusted */
    public boolean incomplete() {
        return unjoined > 0 || unmodeled > 0 || unconnected > 0 || quiescenceOverflows > 0 || reforked > 0
                || cutOff > 0;
    }

    /** @return one line per kind of gap, for people; empty when there is none */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (unmodeled > 0) {
            out.add(unmodeled + " task(s) of a runtime forkscope does not model (CompletableFuture async stages"
                    + " and completions): their waits and combinations are not in the DAG");
        }
        if (unjoined > 0) {
            out.add(unjoined + " task(s) were never joined (no join, get, invoke, invokeAll or quiescence wait):"
                    + " whatever awaited them is not in the DAG");
        }
        if (cutOff > 0) {
            out.add(cutOff + " task(s) were not yet joined when " + (cutBy == null ? "a signal" : cutBy)
                    + " ended the run: cut off by the signal, not left unjoined by the program");
        }
        if (unconnected > 0) {
            out.add(unconnected + " CountedCompleter completion(s) reached a task the recorder never saw:"
                    + " their end edges are missing");
        }
        if (quiescenceOverflows > 0) {
            out.add(quiescenceOverflows + " quiescence wait(s) or task end(s) met more unjoined forks than the"
                    + " recorder keeps per task: some join edges are missing");
        }
        if (reforked > 0) {
            out.add(reforked + " CountedCompleter(s) were forked again before they completed (a pending-count"
                    + " protocol of the program's own, as in Arrays.parallelPrefix): the edges between their runs"
                    + " are missing, so span and parallelism may be short");
        }
        return out;
    }
}
