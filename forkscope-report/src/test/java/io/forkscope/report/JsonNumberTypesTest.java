package io.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import io.forkscope.report.delay.ChromeTrace;
import io.forkscope.report.delay.CompareColumn;
import io.forkscope.report.delay.CompareJson;
import io.forkscope.report.delay.DelayFixtures;
import io.forkscope.report.delay.DelayJson;
import io.forkscope.report.sites.SitesJson;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every JSON output, on every fixture, read token by token: each key holds one kind of number
 * across all of them (see {@link Numbers}): counts and nanoseconds integers, ratios decimals, and
 * no number has an exponent. The fixtures include amounts past 10^7 (where Java's double text
 * turns to "1.17E8"), worker-time that is no whole number of nanoseconds, and whole ratios (2.0).
 */
class JsonNumberTypesTest {
    /** Keys that count things; with every key ending in "_ns" they must be integers. */
    static final Set<String> COUNTS = Set.of("create_task", "wait_tasks", "end_task", "workers", "nodes",
            "materialized_nodes", "busy_intervals", "worker", "spawns", "syncs", "threads", "tasks", "unjoined",
            "p", "processors", "strands", "creates", "waits", "pid", "tid", "id", "node", "sort_index",
            "sites_total", "sites_invoked", "foreign_joins", "bci", "line", "caller_method", "count");
    /**
     * Keys that are ratios, microseconds (the Chrome trace's ts and dur) or average counts (its
     * counters' args); with every "percent" member decimals.
     */
    static final Set<String> RATIOS = Set.of("parallelism", "burdened_parallelism", "lower", "upper",
            "greedy_speedup", "utilisation", "speedup", "compression_ratio", "ts", "dur", "work_percent",
            "span_percent");
    static final Set<String> AVERAGE_COUNTS = Set.of("args.running", "args.create", "args.create-cont",
            "args.wait-cont", "args.end");

    private final Map<String, Set<String>> kinds = new TreeMap<>();
    private final List<String> exponents = new ArrayList<>();

    @Test
    void everyKeyHoldsOneKindOfNumberInEveryOutput() throws Exception {
        for (Recording rec : recordings()) {
            for (AnalysisOptions opts : List.of(Fixtures.OPTIONS, AnalysisOptions.defaults())) {
                read("summary", Fixtures.render(new JsonReport(), rec, opts));
            }
        }
        for (Recording rec : siteRecordings()) {
            read("summary", Fixtures.render(new JsonReport(), rec, Fixtures.OPTIONS));
            for (On on : On.values()) {
                StringWriter out = new StringWriter();
                SitesJson.write(SiteRows.of(rec.recordedSites().orElseThrow(), rec.info().unit(), on), "s.fsk",
                        rec.info(), rec.complete(), rec.warnings(), 0, out);
                read("sites", out.toString());
            }
        }
        for (Dag dag : dags()) {
            for (OptionalDouble serial : List.of(OptionalDouble.empty(), OptionalDouble.of(30),
                    OptionalDouble.of(1.17e8 + 0.5))) {
                DelayReport report = DelaySpotter.analyze(dag, serial);
                StringWriter out = new StringWriter();
                DelayJson.write(report, "run.fsk", new RecordingInfo(Map.of("mode", "dag")), true, List.of(),
                        serial.isPresent() ? "ser.fsk" : null, out);
                read("delays", out.toString());
            }
            StringWriter trace = new StringWriter();
            ChromeTrace.write(dag, ParallelismProfile.of(dag), "run.fsk", trace);
            read("export", trace.toString());
        }
        for (OptionalDouble serial : List.of(OptionalDouble.empty(), OptionalDouble.of(30))) {
            List<CompareColumn> columns = new ArrayList<>();
            for (Dag dag : dags()) {
                columns.add(new CompareColumn("r" + columns.size() + ".fsk", "", DelaySpotter.analyze(dag, serial)));
            }
            StringWriter out = new StringWriter();
            CompareJson.write(columns, serial.isPresent() ? "ser.fsk" : null, true, List.of(), out);
            read("compare", out.toString());
        }

        assertThat(exponents).as("numbers with an exponent").isEmpty();
        // the fixtures reach every kind of key this test knows, and only through the writers above
        assertThat(kinds).containsKeys(".delay_ns", ".average_maximal_strand_ns", "breakdown.no_work_sched_ns",
                ".work_bound_ns", ".greedy_speedup", "regions.parallelism", ".utilisation", ".speedup",
                "traceEvents.ts", "delay_by_kind_ns.create", "args.create", "fig5.delay_ns", "sites.span_percent",
                "local.parallelism", "span_holders.span_percent", "span.sum_ns", ".sites_total");
        for (Map.Entry<String, Set<String>> e : kinds.entrySet()) {
            String key = e.getKey();
            String name = key.substring(key.indexOf('.') + 1);
            assertThat(e.getValue()).as("kinds of number under \"" + key + "\"").hasSize(1);
            if (key.startsWith("delay_by_kind_ns.") || name.endsWith("_ns") || COUNTS.contains(name)) {
                assertThat(e.getValue()).as(key).containsExactly("integer");
            } else if (RATIOS.contains(name) || AVERAGE_COUNTS.contains(key) || key.startsWith("percent.")) {
                assertThat(e.getValue()).as(key).containsExactly("decimal");
            } else {
                throw new AssertionError("a JSON key this test does not know: " + key + " " + e.getValue()
                        + "; add it to COUNTS or RATIOS");
            }
        }
    }

    /**
     * Records each number's kind under its key, qualified by the object that holds it: the object's
     * own key, or for an object in an array the array's ("percent.work", "regions.work_ns").
     */
    private void read(String output, String json) throws Exception {
        try (JsonParser p = new JsonFactory().createParser(json)) {
            List<String> containers = new ArrayList<>();
            List<Boolean> arrays = new ArrayList<>();
            String field = "";
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case FIELD_NAME -> field = p.currentName();
                    case START_OBJECT, START_ARRAY -> {
                        boolean inArray = !arrays.isEmpty() && arrays.get(arrays.size() - 1);
                        containers.add(inArray ? containers.get(containers.size() - 1) : field);
                        arrays.add(t == JsonToken.START_ARRAY);
                    }
                    case END_OBJECT, END_ARRAY -> {
                        containers.remove(containers.size() - 1);
                        arrays.remove(arrays.size() - 1);
                    }
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                        String key = containers.get(containers.size() - 1) + "." + field;
                        kinds.computeIfAbsent(key, k -> new TreeSet<>())
                                .add(t == JsonToken.VALUE_NUMBER_INT ? "integer" : "decimal");
                        if (p.getText().contains("e") || p.getText().contains("E")) {
                            exponents.add(output + ": " + key + " = " + p.getText());
                        }
                    }
                    default -> { }
                }
            }
        }
    }

    /** The hand-built recordings, and one whose amounts pass 10^7 and whose ratios are whole or huge. */
    private static List<Recording> recordings() {
        WorkSpan big = new WorkSpan(1_170_000_000L, 3, 1_170_000, 7, 5, 1_234_567_890L);   // parallelism 3.9e8
        WorkSpan whole = new WorkSpan(2_000, 1_000, 1_000, 0, 0, 5_000);                  // parallelism 2.0
        return List.of(Fixtures.timeRecording(),
                Fixtures.recording("abstract", Fixtures.WHOLE, List.of(Fixtures.SORT_1), List.of(), false),
                Fixtures.recording("time", big, List.of(new RegionRecord("k", "main", 17, big, 0),
                        new RegionRecord("w", "main", 20_000_000_000L, whole, 0)), List.of(), true));
    }

    /**
     * Recordings with call sites: amounts past 10^7, a site parallelism of 3.9e8, a percentage of
     * 100 (whole) and one of about 1e-7 (which Java's double text writes with an exponent).
     */
    private static List<Recording> siteRecordings() {
        List<CallSite> table = List.of(
                new CallSite(0, 0, "app.Q", "main", "()V", 3, 9, "Q.java", SiteKind.CALL, "app.Q.sort"),
                new CallSite(1, 1, "app.Q", "sort", "()V", 12, -1, null, SiteKind.FORK, null));
        SiteProfile profile = new SiteProfile(List.of(
                new SiteMeasures(0, new Measurement(1, 1_170_000_000L, 3), new Measurement(1, 1_170_000_000L, 3),
                        new Measurement(1, 1, 1)),
                new SiteMeasures(1, new Measurement(7, 1_169_999_999L, 2), new Measurement(7, 1_169_999_999L, 2),
                        new Measurement(7, 1_169_999_999L, 2))), 0, 0);
        RecordedSites sites = new RecordedSites(table, new SitesResult(1_170_000_000L, 3, profile, profile, 2));
        List<Recording> out = new ArrayList<>();
        for (Recording r : recordings()) {
            out.add(new Recording(r.info(), r.wholeRun(), r.regions(), r.warnings(), r.ended(), r.dag(), r.failure(),
                    r.truncated(), sites));
        }
        return out;
    }

    private static List<Dag> dags() {
        return List.of(DelayFixtures.delayed(), DelayFixtures.delayedWithBusy(), DelayFixtures.delayedSlow(10_000_003));
    }
}
