package io.forkscope.report.html;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.analysis.delay.ProfileResampling;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.IOException;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/** Recordings built by hand for the HTML report, with hostile names where the program gives names. */
final class HtmlFixtures {
    private HtmlFixtures() {}

    static final String XSS = "</script><script>alert(1)</script>";
    static final String QUOTED_THREAD = "pool \"A\" 'B' <w>";

    /** P = 2: A forks B, C waits, D joins (DelayFixtures' DAG), worker 1's thread name with quotes. */
    static Dag dag() {
        return new Dag(List.of(
                DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 1, 25, 35, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE))),
                DagNode.strand(2, 0, 10, 20, NodeEnd.WAIT, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(3, 0, 35, 40, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)))), 2, 0, 40,
                List.of(new WorkerBusy(0, "main", new long[] {0, 40}),
                        new WorkerBusy(1, QUOTED_THREAD, new long[] {22, 36})));
    }

    static RecordedSites sites() {
        Measurement m = new Measurement(2, 30, 20);
        SiteProfile profile = new SiteProfile(List.of(new SiteMeasures(0, m, m, m)), 5, 5);
        CallSite site = new CallSite(0, 0, "app.Evil" + XSS, "compute", "()V", 3, 41, "Evil\".java", SiteKind.CALL,
                "app.Q." + XSS);
        return new RecordedSites(List.of(site), new SitesResult(35, 25, profile, profile, 0), List.of());
    }

    static Recording recording(boolean withDag, boolean withSites) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "time");
        info.put(RecordingInfo.BURDEN, "6250");
        info.put(RecordingInfo.BURDEN_SOURCE, "default");
        if (withDag) {
            info.put(RecordingInfo.MODE, "dag");
        }
        WorkSpan whole = new WorkSpan(35_000, 25_000, 31_250, 1, 1, 40_000);
        RegionRecord region = new RegionRecord(XSS, QUOTED_THREAD, 10, new WorkSpan(20_000, 10_000, 10_000, 1, 1, 20_000), 0);
        return new Recording(new RecordingInfo(info), new WholeRun(whole, 2, 2, 2, true), List.of(region),
                List.of("x.fsk: a warning about " + XSS), true, withDag ? dag() : null, null, false,
                withSites ? sites() : null);
    }

    static ReportInputs inputs(Recording rec) {
        Dag dag = rec.recordedDag().orElse(null);
        DelayReport delays = dag == null ? null : DelaySpotter.analyze(dag, OptionalDouble.empty());
        RecordedSites sites = rec.recordedSites().orElse(null);
        return new ReportInputs("runs/" + XSS + ".fsk", rec, ScalabilityAnalysis.analyze(rec, new AnalysisOptions(8, 8)),
                List.of(), null, delays, dag, dag == null ? null : ReadyTimes.of(dag),
                delays == null ? List.of() : ProfileResampling.resample(delays.profile(), ReportInputs.PROFILE_POINTS),
                null, sites == null ? null : SiteRows.of(sites, Unit.TIME, On.SPAN),
                sites == null ? null : SiteRows.of(sites, Unit.TIME, On.WORK), null, null);
    }

    static String page(ReportInputs in) throws IOException {
        StringWriter out = new StringWriter();
        new HtmlPage().write(in, out);
        return out.toString();
    }
}
