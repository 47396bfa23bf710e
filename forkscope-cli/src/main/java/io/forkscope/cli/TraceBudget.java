package io.forkscope.cli;

import io.forkscope.report.delay.ChromeTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * What {@code export} puts into a trace where the user did not say: everything, unless the trace would be
 * larger than {@code --max-size} (by {@link io.forkscope.report.delay.TraceSize}'s estimate). Then the
 * counters go first (an event per change of the parallelism profile: three fifths of fib's trace, and
 * {@code profile} and {@code report} draw the same profile), then the slices' args (two thirds of what is
 * left); the slices themselves always stay. What the user asked for, {@code --args} or {@code --counters}
 * (or their {@code --no-} forms), is kept as asked whatever the size.
 */
final class TraceBudget {
    private TraceBudget() {}

    /**
     * @param options  what goes into the trace
     * @param leftOut  what the limit left out ("the counters", "the slices' args"), in that order
     * @param fullSize the estimated bytes with everything the user did not leave out
     * @param size     the estimated bytes with {@code options}
     */
    record Choice(ChromeTrace.Options options, List<String> leftOut, long fullSize, long size) {
        /** @return one line for the user when the limit left something out, else empty */
        Optional<String> note(long limit) {
            if (leftOut.isEmpty()) {
                return Optional.empty();
            }
            List<String> keep = new ArrayList<>();
            if (leftOut.contains(COUNTERS)) {
                keep.add("--counters");
            }
            if (leftOut.contains(ARGS)) {
                keep.add("--args");
            }
            return Optional.of(String.format(Locale.ROOT, "forkscope export: left out %s, for a trace of some"
                    + " %,.0f MB: it would be some %,.0f MB with them, more than --max-size %s%s; %s, or --max-size 0,"
                    + " keep%s them"
                    + " (docs/reading.md, \"Traces of large DAGs\")",
                    String.join(" and ", leftOut), size / 1e6, fullSize / 1e6, ByteSize.format(limit),
                    limit == DEFAULT ? " (what Perfetto UI holds in a browser tab)" : "", String.join(" ", keep),
                    keep.size() > 1 ? "" : "s"));
        }
    }

    /** --max-size's default: what Perfetto UI holds in a browser tab ({@link TraceViewerFit#PERFETTO_IN_BROWSER}). */
    static final long DEFAULT = TraceViewerFit.PERFETTO_IN_BROWSER;
    static final String COUNTERS = "the counters";
    static final String ARGS = "the slices' args";

    /**
     * @param args     --args (true), --no-args (false), or neither (null)
     * @param counters --counters, --no-counters, or neither
     * @param limit    --max-size in bytes, 0 for none
     * @param estimate a trace's bytes with the options given
     */
    static Choice choose(Boolean args, Boolean counters, long limit, ToLongFunction<ChromeTrace.Options> estimate) {
        ChromeTrace.Options o = new ChromeTrace.Options(args == null || args, counters == null || counters);
        long full = estimate.applyAsLong(o);
        long size = full;
        List<String> leftOut = new ArrayList<>();
        if (limit > 0 && size > limit && counters == null && o.counters()) {
            o = new ChromeTrace.Options(o.args(), false);
            size = estimate.applyAsLong(o);
            leftOut.add(COUNTERS);
        }
        if (limit > 0 && size > limit && args == null && o.args()) {
            o = new ChromeTrace.Options(false, o.counters());
            size = estimate.applyAsLong(o);
            leftOut.add(ARGS);
        }
        return new Choice(o, List.copyOf(leftOut), full, size);
    }
}
