package io.forkscope.report.html;

import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.model.Recording;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.delay.CompareColumn;
import io.forkscope.report.plot.SvgPlot;
import java.util.List;

/**
 * What the HTML report shows, already analysed: the sections read these results and compute nothing
 * new. Each part is null (or empty) when the recording does not hold its data.
 *
 * @param name        the recording's file name, as the user gave it
 * @param recording   the recording
 * @param scalability Cilkview's analysis (what {@code summary} prints), null without work and span
 * @param scaling     the speedup-bounds charts with their notes (what {@code plot} draws), one per
 *                    section; empty without work and span
 * @param benchName   the benchmark CSV's name when measured points are given, else null
 * @param delays      Delay Spotter's analysis (what {@code delays} prints), null without a DAG
 * @param dag         the recorded DAG, null without one
 * @param ready       when each node became ready, null without a DAG
 * @param profile     the parallelism profile resampled to a bounded number of points, empty without a DAG
 * @param serialName  the serial recording's name when {@code delays} has one, else null
 * @param sitesOnSpan the call-site table sorted on span (what {@code sites --wide} prints), null without sites
 * @param sitesOnWork the same sorted on work, null without sites
 * @param incomplete  the first line of every text report when the recording does not cover the run, else null
 * @param machine     the line about the machine's load during the run, null when the recording does not say
 * @param compare     the runs {@code forkscope compare} puts side by side, this recording's first, when
 *                    several DAG recordings are given; else empty
 * @param contexts    the logical contexts {@code forkscope contexts} prints, null without samples
 * @param whatIf      what {@code forkscope predict --speedup} simulates (the DAG as recorded and with some
 *                    sites made faster), null unless the report was asked for a what-if
 */
public record ReportInputs(String name, Recording recording, ScalabilityReport scalability, List<SvgPlot.Chart> scaling,
                           String benchName, DelayReport delays, Dag dag, ReadyTimes ready, List<ProfileSample> profile,
                           String serialName, SiteRows sitesOnSpan, SiteRows sitesOnWork, String incomplete,
                           String machine, List<CompareColumn> compare, SampledContexts.Result contexts,
                           SimulatedScaling whatIf) {
    public ReportInputs {
        scaling = scaling == null ? List.of() : List.copyOf(scaling);
        compare = compare == null ? List.of() : List.copyOf(compare);
        profile = profile == null ? List.of() : List.copyOf(profile);
        if ((delays == null) != (dag == null) || (dag == null) != (ready == null)) {
            throw new IllegalArgumentException("a DAG comes with its delay analysis and ready times");
        }
        if (whatIf != null && (dag == null || whatIf.whatIf() == null)) {
            throw new IllegalArgumentException("a what-if is a simulation of the recorded DAG with site speedups");
        }
    }

    /** Without a comparison or contexts. */
    public ReportInputs(String name, Recording recording, ScalabilityReport scalability, List<SvgPlot.Chart> scaling,
                        String benchName, DelayReport delays, Dag dag, ReadyTimes ready, List<ProfileSample> profile,
                        String serialName, SiteRows sitesOnSpan, SiteRows sitesOnWork, String incomplete,
                        String machine) {
        this(name, recording, scalability, scaling, benchName, delays, dag, ready, profile, serialName, sitesOnSpan,
                sitesOnWork, incomplete, machine, List.of(), null, null);
    }

    /** @return these inputs with the runs to compare */
    public ReportInputs withCompare(List<CompareColumn> runs) {
        return new ReportInputs(name, recording, scalability, scaling, benchName, delays, dag, ready, profile,
                serialName, sitesOnSpan, sitesOnWork, incomplete, machine, runs, contexts, whatIf);
    }

    /** @return these inputs with the sampled contexts */
    public ReportInputs withContexts(SampledContexts.Result sampled) {
        return new ReportInputs(name, recording, scalability, scaling, benchName, delays, dag, ready, profile,
                serialName, sitesOnSpan, sitesOnWork, incomplete, machine, compare, sampled, whatIf);
    }

    /** @return these inputs with a what-if's simulation (null: none) */
    public ReportInputs withWhatIf(SimulatedScaling simulated) {
        return new ReportInputs(name, recording, scalability, scaling, benchName, delays, dag, ready, profile,
                serialName, sitesOnSpan, sitesOnWork, incomplete, machine, compare, contexts, simulated);
    }

    /** The most points the parallelism profile is resampled to (time-weighted averages). */
    public static final int PROFILE_POINTS = 1500;

    /** @return whether the recording holds a DAG (recorded with --mode dag) */
    public boolean hasDag() {
        return dag != null;
    }
}
