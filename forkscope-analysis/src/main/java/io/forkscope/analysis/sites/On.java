package io.forkscope.analysis.sites;

import java.util.Locale;

/**
 * Which of Cilkprof's two profiles a view reads: {@link #WORK}, over every invocation, or
 * {@link #SPAN}, over the invocations on the critical path. A view sorts by the profile's own
 * share: local work on work over T1, or local span on span over T∞.
 */
public enum On {
    WORK, SPAN;

    /** @return "work" or "span", as on the command line and in JSON */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
