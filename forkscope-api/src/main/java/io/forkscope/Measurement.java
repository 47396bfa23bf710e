package io.forkscope;

import java.util.List;
import java.util.Locale;

/**
 * What {@link Forkscope#measure(String, Runnable)} measured of one section: its work T1, span T∞
 * and burdened span bT∞ (measures.md §2) in the recording's unit, and, when the agent weaves call
 * sites, the sites its span runs through. Or, when nothing was measured (no agent in this JVM, an
 * agent in a mode that measures no spans, a section left out), the reason, and then every number's
 * accessor throws: a measurement that was not taken never passes for zeros.
 *
 * <p>Built by the recorder through {@link #measured} or {@link #notMeasured}; a program only reads it.
 */
public final class Measurement {
    private final String notMeasured;
    private final String unit;
    private final long work;
    private final long span;
    private final long burdenedSpan;
    private final long spawns;
    private final long syncs;
    private final long elapsedNs;
    private final List<SpanSite> spanSites;
    private final List<String> notes;

    private Measurement(String notMeasured, String unit, long work, long span, long burdenedSpan, long spawns,
                        long syncs, long elapsedNs, List<SpanSite> spanSites, List<String> notes) {
        this.notMeasured = notMeasured;
        this.unit = unit;
        this.work = work;
        this.span = span;
        this.burdenedSpan = burdenedSpan;
        this.spawns = spawns;
        this.syncs = syncs;
        this.elapsedNs = elapsedNs;
        this.spanSites = spanSites;
        this.notes = notes;
    }

    /**
     * A section that was measured.
     *
     * @param unit         the unit work and spans are in, as the agent option names it
     *                     ({@code time}: nanoseconds, {@code abstract}: {@code Forkscope.work} units, ...)
     * @param work         T1, the sum of every strand's length
     * @param span         T∞, the longest path's length
     * @param burdenedSpan bT∞, the longest path with the burden of a steal put on each create edge
     * @param spawns       create edges (forks and submissions) inside the section
     * @param syncs        waits on created tasks inside the section
     * @param elapsedNs    wall-clock nanoseconds the section took
     * @param spanSites    the call sites on the span, largest local span first; null when the agent
     *                     weaves no call sites (agent option sites)
     * @param notes        what the reader should know about these numbers (may be empty)
     */
    public static Measurement measured(String unit, long work, long span, long burdenedSpan, long spawns, long syncs,
                                       long elapsedNs, List<SpanSite> spanSites, List<String> notes) {
        if (unit == null || work < 0 || span < 0 || burdenedSpan < 0) {
            throw new IllegalArgumentException("a measurement needs a unit and non-negative work and spans");
        }
        return new Measurement(null, unit, work, span, burdenedSpan, spawns, syncs, elapsedNs,
                spanSites == null ? null : List.copyOf(spanSites), notes == null ? List.of() : List.copyOf(notes));
    }

    /** A section that was not measured, and why (one sentence for a person). */
    public static Measurement notMeasured(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("say why nothing was measured");
        }
        return new Measurement(reason, null, 0, 0, 0, 0, 0, 0, null, List.of());
    }

    /** @return whether the section was measured; if not, {@link #notMeasuredReason()} says why */
    public boolean isMeasured() {
        return notMeasured == null;
    }

    /** @return why nothing was measured, or null when the section was measured */
    public String notMeasuredReason() {
        return notMeasured;
    }

    /** @return the unit as the agent option names it: {@code time}, {@code abstract}, ... */
    public String unit() {
        check();
        return unit;
    }

    /** @return work T1 in {@link #unit()} */
    public long work() {
        check();
        return work;
    }

    /** @return span T∞ in {@link #unit()} */
    public long span() {
        check();
        return span;
    }

    /** @return burdened span bT∞ in {@link #unit()} */
    public long burdenedSpan() {
        check();
        return burdenedSpan;
    }

    /** @return create edges (forks, submissions) in the section */
    public long spawns() {
        check();
        return spawns;
    }

    /** @return waits on created tasks in the section */
    public long syncs() {
        check();
        return syncs;
    }

    /** @return the section's wall-clock time in nanoseconds, whatever the unit */
    public long elapsedNs() {
        check();
        return elapsedNs;
    }

    /** @return parallelism T1/T∞ (0 when the span is 0: nothing was counted) */
    public double parallelism() {
        check();
        return span == 0 ? 0 : (double) work / span;
    }

    /** @return burdened parallelism T1/bT∞ (0 when the burdened span is 0) */
    public double burdenedParallelism() {
        check();
        return burdenedSpan == 0 ? 0 : (double) work / burdenedSpan;
    }

    /** @return whether the agent recorded call sites, so that {@link #spanSites()} means something */
    public boolean sitesRecorded() {
        check();
        return spanSites != null;
    }

    /**
     * @return the call sites on the span, largest local span first (empty when sites were recorded
     *     but none ran on the span; see {@link #sitesRecorded()})
     */
    public List<SpanSite> spanSites() {
        check();
        return spanSites == null ? List.of() : spanSites;
    }

    /** @return what the recorder noted about this section (a region it could not close cleanly, ...) */
    public List<String> notes() {
        check();
        return notes;
    }

    private void check() {
        if (notMeasured != null) {
            throw new IllegalStateException("nothing was measured: " + notMeasured);
        }
    }

    @Override
    public String toString() {
        if (notMeasured != null) {
            return "not measured: " + notMeasured;
        }
        return String.format(Locale.ROOT, "work %d, span %d, parallelism %.2f, burdened span %d,"
                + " burdened parallelism %.2f (%s)", work, span, parallelism(), burdenedSpan, burdenedParallelism(), unit);
    }

    /**
     * One call site on the section's span (Cilkprof's on-span profile, measures.md §4).
     *
     * @param where       {@code File.java:41}, or {@code Class.method@bci} without debug information
     * @param callee      what it invokes or forks ({@code Sort.partition}, {@code SortTask.fork}), or null
     * @param invocations its invocations on the span
     * @param localSpan   the span's own strands in those invocations (not counting the sites they call):
     *                    the local spans of all sites plus the span outside any site add up to T∞
     * @param spanPercent 100 × localSpan / T∞
     */
    public record SpanSite(String where, String callee, long invocations, long localSpan, double spanPercent) {}
}
