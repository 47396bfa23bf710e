package io.forkscope.junit;

import io.forkscope.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a measured test body has the parallelism its {@link Parallelism} asks for, and
 * writes the failure message: the shortfall first, then work, span, both parallelisms, the counts,
 * the call sites that hold the span (or how to get them) and what the recorder noted. Pure: the
 * unit tests give it hand-built measurements.
 */
final class ParallelismVerdict {
    /** Call sites the message lists at most. */
    static final int TOP_SITES = 5;

    private ParallelismVerdict() {}

    /**
     * @param test what the message calls the test ({@code SortTest.sortScales})
     * @param m    a measurement that {@linkplain Measurement#isMeasured() was taken}, in {@code t}'s unit
     * @return the failure message, or null when the body has the parallelism asked for
     */
    static String failure(String test, Thresholds t, Measurement m) {
        List<String> shortfalls = new ArrayList<>();
        if (t.atLeast() > 0 && m.parallelism() < t.atLeast()) {
            shortfalls.add(String.format(Locale.ROOT, "parallelism %.2f is below %s", m.parallelism(),
                    Thresholds.plain(t.atLeast())));
        }
        if (t.burdenedAtLeast() > 0 && m.burdenedParallelism() < t.burdenedAtLeast()) {
            shortfalls.add(String.format(Locale.ROOT, "burdened parallelism %.2f is below %s",
                    m.burdenedParallelism(), Thresholds.plain(t.burdenedAtLeast())));
        }
        if (shortfalls.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        b.append(test).append(": ").append(String.join(", and ", shortfalls)).append(" (@Parallelism, unit ")
                .append(m.unit()).append(")\n");
        b.append(String.format(Locale.ROOT, "  work %,d  span %,d  parallelism %.2f%n", m.work(), m.span(),
                m.parallelism()));
        b.append(String.format(Locale.ROOT, "  burdened span %,d  burdened parallelism %.2f%n", m.burdenedSpan(),
                m.burdenedParallelism()));
        b.append(String.format(Locale.ROOT, "  spawns %,d  syncs %,d  elapsed %.1f ms%n", m.spawns(), m.syncs(),
                m.elapsedNs() / 1e6));
        if (m.work() == 0) {
            b.append("  nothing was counted in the body").append(m.unit().equals(Parallelism.Unit.ABSTRACT.optionName())
                    ? ": with unit abstract, the code must declare its work with Forkscope.work(n)" : "").append('\n');
        }
        appendSites(b, m);
        for (String note : m.notes()) {
            b.append("  note: ").append(note).append('\n');
        }
        return b.toString().stripTrailing();
    }

    private static void appendSites(StringBuilder b, Measurement m) {
        if (!m.sitesRecorded()) {
            b.append("  call sites on the span: not recorded (add sites=true to the agent's options)\n");
            return;
        }
        List<Measurement.SpanSite> sites = m.spanSites();
        if (sites.isEmpty()) {
            b.append("  call sites on the span: none (the span runs outside any woven call)\n");
            return;
        }
        b.append("  call sites on the span (share of the span, local span, invocations):\n");
        for (Measurement.SpanSite s : sites.subList(0, Math.min(TOP_SITES, sites.size()))) {
            b.append(String.format(Locale.ROOT, "    %5.1f%%  %,d  %,d×  %s%s%n", s.spanPercent(), s.localSpan(),
                    s.invocations(), s.where(), s.callee() == null ? "" : "  " + s.callee()));
        }
        if (sites.size() > TOP_SITES) {
            b.append("    ... ").append(sites.size() - TOP_SITES).append(" more\n");
        }
    }
}
