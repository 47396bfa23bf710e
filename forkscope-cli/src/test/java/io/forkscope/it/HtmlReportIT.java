package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.analysis.scaling.RecordedBounds;
import io.forkscope.it.programs.HostileNamesProgram;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.report.predict.PredictCsv;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTML report in real headless browsers: Debian's chromium (Selenium and chromedriver) and
 * Debian's Firefox ESR (WebDriver BiDi, {@link FirefoxBrowser}), every test in each. Pages of
 * recordings of bundled samples open without console errors, with every section and the analyses'
 * numbers in their DOM; the linked views work with the mouse and with the keyboard (a selection in
 * the profile zooms the timelines, the wheel, the buttons, the from/to fields and the keys zoom and
 * pan, a click or a key chooses a node and shows its id, site, work, delay and in-edges); every
 * control has a label; a site's what-if shows predict's numbers; names that are markup stay text.
 * Without a browser its tests are skipped, loudly, unless FORKSCOPE_REQUIRE_BROWSER=1 (as in CI),
 * where a missing one fails them.
 *
 * <p>With {@code -Dforkscope.screenshots=DIR} it also writes the demo's report and its screenshots
 * at 1280×800 into DIR (docs/images holds them); with {@code -Dforkscope.loadtime=A.html,B.html} it
 * prints each page's size and load time in each browser.
 */
class HtmlReportIT {
    static final Path CHROMIUM = Path.of(System.getProperty("forkscope.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("forkscope.chromedriver", "/usr/bin/chromedriver"));
    static final Path FIREFOX = Path.of(System.getProperty("forkscope.firefox", "/usr/bin/firefox-esr"));
    static final ObjectMapper JSON = new ObjectMapper();

    static final List<Browser> BROWSERS = new ArrayList<>();

    /** Recordings and pages, made once and opened in every browser. */
    @TempDir
    static Path shared;
    static final Map<String, Path> MADE = new HashMap<>();

    @BeforeAll
    static void startBrowsers() throws Exception {
        List<String> missing = new ArrayList<>();
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            BROWSERS.add(new ChromiumBrowser(CHROMIUM, CHROMEDRIVER, Files.createTempDirectory("forkscope-chromium-")));
        } else {
            missing.add(CHROMIUM + " and " + CHROMEDRIVER + " (apt-get install chromium chromium-driver)");
        }
        if (Files.isExecutable(FIREFOX)) {
            BROWSERS.add(new FirefoxBrowser(FIREFOX, Files.createTempDirectory("forkscope-firefox-")));
        } else {
            missing.add(FIREFOX + " (apt-get install firefox-esr)");
        }
        if (!missing.isEmpty()) {
            String message = "HtmlReportIT needs headless browsers; missing: " + String.join(", ", missing);
            if ("1".equals(System.getenv("FORKSCOPE_REQUIRE_BROWSER"))) {
                throw new AssertionError(message + " (FORKSCOPE_REQUIRE_BROWSER=1: the browser tests must run)");
            }
            System.err.println("\n*** " + (BROWSERS.isEmpty() ? "SKIPPED" : "PARTLY SKIPPED") + ": " + message + " ***\n");
        }
        Assumptions.assumeFalse(BROWSERS.isEmpty(), "no browser");
        for (Browser b : BROWSERS) {
            System.err.println("HtmlReportIT: " + b.name());
        }
    }

    @AfterAll
    static void close() {
        BROWSERS.forEach(Browser::quit);
        BROWSERS.clear();
    }

    static Stream<Browser> browsers() {
        return BROWSERS.stream();
    }

    // ---- the pages, made once ----

    /** fib on 2 workers, recorded with its DAG. */
    static Path fibRecording() throws Exception {
        return made("fib.fsk", () -> {
            Path rec = shared.resolve("fib.fsk");
            record(rec, "out=" + rec + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "2");
            return rec;
        });
    }

    static Path fibPage() throws Exception {
        return made("fib.html", () -> report(fibRecording(), "fib.html"));
    }

    /** fib recorded with --sample: logical contexts, so also its DAG and call sites. */
    static Path sampledRecording() throws Exception {
        return made("sampled.fsk", () -> {
            Path rec = shared.resolve("sampled.fsk");
            // a sample per millisecond of CPU time: some hundreds, so that the icicle has contexts below its root even
            // where the run is short (at 10 ms, a fresh CI machine's run gave the workers a dozen samples)
            cli("example", "fib", "--n", "27", "--cutoff", "12", "--workers", "2", "--record", rec.toString(),
                    "--sample-period-ms", "1");
            return rec;
        });
    }

    static Path sampledPage() throws Exception {
        return made("sampled.html", () -> report(sampledRecording(), "sampled.html"));
    }

    private static synchronized Path made(String name, Callable<Path> make) throws Exception {
        Path p = MADE.get(name);
        if (p == null) {
            p = make.call();
            MADE.put(name, p);
        }
        return p;
    }

    // ---- the tests ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void aDagRecordingShowsItsAnalysesInItsDom(Browser b) throws Exception {
        b.open(fibPage());
        assertNoProblems(b);
        for (String id : List.of("run", "summary", "scaling", "profile", "timelines", "delays")) {
            assertThat(count(b, "section#" + id)).as("section %s", id).isEqualTo(1);
        }
        assertThat(count(b, "#sites")).as("no call sites recorded").isZero();

        Recording recording = RecordingReader.read(fibRecording());
        SectionScalability whole = ScalabilityAnalysis.analyze(recording, AnalysisOptions.defaults()).wholeRun();
        assertThat(value(b, "work")).isEqualTo(whole.measures().work());
        assertThat(value(b, "span")).isEqualTo(whole.measures().span());
        assertThat(value(b, "burdened-span")).isEqualTo(whole.measures().burdenedSpan());
        assertThat(value(b, "parallelism")).isCloseTo(whole.parallelism(), within(1e-6));
        // the first chart's bounds, in its table: the upper bound min(P, T1/T∞) of its section (plot's)
        String region = (String) b.js("return JSON.parse(document.getElementById('data-scaling-0').textContent).region;");
        double parallelism = RecordedBounds.of(recording).get(region).parallelism();
        for (int p : List.of(1, 2, 4, 8)) {
            assertThat(value(b, "#scaling-0-bounds tr[data-p='" + p + "'] ", "bound-upper")).as("upper bound at P=%d", p)
                    .isCloseTo(Math.min(p, parallelism), within(1e-4));
        }
        assertThat(count(b, "#profile-table tbody tr")).isPositive();
        Dag dag = recording.recordedDag().orElseThrow();
        DelayReport delays = DelaySpotter.analyze(dag);
        assertThat(value(b, "delay")).isCloseTo(delays.breakdown().delay(), within(1.0));
        assertThat(value(b, "no-work-app")).isCloseTo(delays.breakdown().noWorkApp(), within(1.0));
        assertThat(value(b, "critical-path")).isCloseTo(delays.stats().criticalPath(), within(1.0));
        assertThat(value(b, "nodes")).isEqualTo(delays.stats().nodes());
        // the timelines' table: per worker its nodes, their time and work, summed here from the DAG
        for (int w = 0; w < dag.workers(); w++) {
            int worker = w;
            List<DagNode> its = dag.nodes().stream().filter(x -> x.worker() == worker).toList();
            String row = "#timeline-workers tr[data-worker='" + w + "'] ";
            assertThat(value(b, row, "worker-nodes")).isEqualTo(its.size());
            assertThat(value(b, row, "worker-work")).isEqualTo(its.stream().mapToLong(DagNode::work).sum());
            assertThat(value(b, row, "worker-length")).isEqualTo(its.stream().mapToLong(x -> x.end() - x.start()).sum());
        }
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void theProfileTheButtonsTheFieldsAndTheKeysZoomAndPanBothViews(Browser b) throws Exception {
        b.open(fibPage());
        Dag dag = RecordingReader.read(fibRecording()).recordedDag().orElseThrow();
        double full = range(b);
        assertThat(full).isCloseTo(dag.elapsed(), within(dag.elapsed() * 1e-6 + 1));

        // the timelines' plot lies under the profile's, pixel for pixel: one time, one x
        double[] over = box(b, "#profile-chart .u-over");
        double[] canvas = box(b, "#timeline-canvas");
        assertThat(canvas[0] + number(b, "#timeline-canvas", "data-plot-left")).isCloseTo(over[0], within(1.0));
        assertThat(number(b, "#timeline-canvas", "data-plot-width")).isCloseTo(over[2], within(1.0));

        // a selection across the profile's second quarter: the timelines show what the profile shows
        over = box(b, "#profile-chart .u-over");
        b.drag(over[0] + over[2] / 4, over[1] + over[3] / 2, over[0] + over[2] / 2, over[1] + over[3] / 2);
        double t0 = number(b, "#timeline-canvas", "data-t0");
        double t1 = number(b, "#timeline-canvas", "data-t1");
        assertThat(t1 - t0).as("the range after selecting a quarter of the profile").isLessThan(full * 0.3)
                .isGreaterThan(full * 0.2);
        assertThat(t0).isCloseTo(full / 4, within(full * 0.02));
        assertThat(number(b, "#profile-chart", "data-t0")).isCloseTo(t0, within(full * 1e-6));
        assertThat(number(b, "#profile-chart", "data-t1")).isCloseTo(t1, within(full * 1e-6));

        click(b, "#reset-zoom");
        assertThat(range(b)).isCloseTo(full, within(full * 1e-6 + 1));

        // the wheel, on the timelines and on the profile, zooms both around the pointer's time
        canvas = box(b, "#timeline-canvas");
        double left = canvas[0] + number(b, "#timeline-canvas", "data-plot-left");
        double width = number(b, "#timeline-canvas", "data-plot-width");
        double x = left + width * 0.3;
        b.wheel(x, canvas[1] + 30, -100);
        assertThat(range(b)).isCloseTo(full * 0.8, within(full * 1e-6));
        assertThat(number(b, "#timeline-canvas", "data-t0")).as("the pointer's time keeps its place")
                .isCloseTo(0.3 * full * 0.2, within(full * 0.01));
        over = box(b, "#profile-chart .u-over");
        b.wheel(over[0] + over[2] / 2, over[1] + over[3] / 2, 100);
        assertThat(range(b)).isCloseTo(full, within(full * 1e-6 + 1));
        assertThat(number(b, "#profile-chart", "data-t1") - number(b, "#profile-chart", "data-t0"))
                .isCloseTo(full, within(full * 1e-6 + 1));

        // the buttons: half the range around its middle, a quarter earlier and later, twice the range
        click(b, "#view-in");
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(full / 4, within(full * 1e-6));
        assertThat(range(b)).isCloseTo(full / 2, within(full * 1e-6));
        click(b, "#view-earlier");
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(full / 8, within(full * 1e-6));
        click(b, "#view-later");
        click(b, "#view-later");
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(full * 3 / 8, within(full * 1e-6));
        click(b, "#view-out");
        assertThat(range(b)).isCloseTo(full, within(full * 1e-6 + 1));

        // the from/to fields, typed and entered: the keyboard's selection of a range
        String from = String.format(Locale.ROOT, "%.3f", full / 1e6 * 0.5);
        String to = String.format(Locale.ROOT, "%.3f", full / 1e6 * 0.75);
        type(b, "#view-from", from);
        type(b, "#view-to", to + Browser.Key.ENTER);
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(Double.parseDouble(from) * 1e6, within(1.0));
        assertThat(number(b, "#timeline-canvas", "data-t1")).isCloseTo(Double.parseDouble(to) * 1e6, within(1.0));
        assertThat(number(b, "#profile-chart", "data-t0")).isCloseTo(Double.parseDouble(from) * 1e6, within(1.0));

        // the keys on the timelines: + zooms around the middle, → pans a tenth, - zooms out, 0 resets
        click(b, "#reset-zoom");
        focus(b, "#timeline-canvas");
        b.keys("+");
        assertThat(range(b)).isCloseTo(full * 0.8, within(full * 1e-6));
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(full * 0.1, within(full * 1e-6));
        b.keys(Browser.Key.RIGHT);
        assertThat(number(b, "#timeline-canvas", "data-t0")).isCloseTo(full * 0.18, within(full * 1e-6));
        b.keys(Browser.Key.LEFT + Browser.Key.LEFT + Browser.Key.LEFT);
        assertThat(number(b, "#timeline-canvas", "data-t0")).as("not before the run").isCloseTo(0, within(1.0));
        b.keys("0");
        assertThat(range(b)).isCloseTo(full, within(full * 1e-6 + 1));
        assertThat((String) b.js("return document.getElementById('view-from').value;")).isEqualTo("0.000");
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void aClickOrAKeyChoosesANodeAndShowsItsDetails(Browser b) throws Exception {
        b.open(fibPage());
        Recording recording = RecordingReader.read(fibRecording());
        Dag dag = recording.recordedDag().orElseThrow();
        ReadyTimes ready = ReadyTimes.of(dag);

        DagNode longest = dag.nodes().stream().max(Comparator.comparingLong(n -> n.end() - n.start())).orElseThrow();
        clickNode(b, dag, longest);
        assertDetails(b, longest, ready);

        // ] and [: the next and previous node of its worker, by start; the arrows: the worker below and above
        List<DagNode> itsWorker = byStart(dag, longest.worker());
        int at = itsWorker.indexOf(longest);
        focus(b, "#timeline-canvas");
        b.keys("]");
        DagNode next = itsWorker.get(Math.min(at + 1, itsWorker.size() - 1));
        assertDetails(b, next, ready);
        b.keys("[[");
        DagNode previous = itsWorker.get(Math.max(at - 1, 0));
        assertDetails(b, previous, ready);
        int other = previous.worker() == 0 ? 1 : -1;
        b.keys(other > 0 ? Browser.Key.DOWN : Browser.Key.UP);
        DagNode across = across(dag, previous, other);
        assertDetails(b, across, ready);
        assertThat(across.worker()).isEqualTo(previous.worker() + other);
        b.keys(Browser.Key.ESCAPE);
        assertThat(attribute(b, "#timeline-canvas", "data-selected")).isEqualTo("-1");

        // the node field: a node by its id, brought into view
        click(b, "#view-in");
        click(b, "#view-in");
        DagNode last = dag.nodes().get(dag.nodes().size() - 1);
        type(b, "#node-go", last.id() + Browser.Key.ENTER);
        assertDetails(b, last, ready);
        assertThat(number(b, "#timeline-canvas", "data-t1")).isGreaterThanOrEqualTo((double) last.start() - dag.begin());
        // ... and an in-edge's button: the node it comes from
        if (!last.in().isEmpty()) {
            click(b, "#node-details [data-key=node-in] button");
            assertDetails(b, dag.nodes().get(last.in().get(0).from()), ready);
        }
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void everyControlHasALabelAndTheKeyboardReachesIt(Browser b) throws Exception {
        for (Path page : List.of(fibPage(), sampledPage())) {
            b.open(page);
            @SuppressWarnings("unchecked")
            List<String> unnamed = (List<String>) b.js("var out = [];"
                    + " document.querySelectorAll('button, input, select, [tabindex]').forEach(function (e) {"
                    + "  var name = (e.getAttribute('aria-label') || '').trim()"
                    + "    || (e.labels && e.labels.length ? e.labels[0].textContent.trim() : '')"
                    + "    || (e.tagName === 'BUTTON' || e.tagName === 'TH' || e.tagName === 'TR' ? e.textContent.trim() : '');"
                    + "  if (!name) out.push(e.outerHTML.slice(0, 120));"
                    + "  if (e.tabIndex < 0 && e.tagName !== 'DIV') out.push('not reachable by Tab: ' + e.outerHTML.slice(0, 120));"
                    + " }); return out;");
            assertThat(unnamed).as("controls without a name in %s", page.getFileName()).isEmpty();
        }
        // the sampled page: a call-site row is focusable and Enter marks its site's nodes
        Recording recording = RecordingReader.read(sampledRecording());
        String row = "#sites-span tbody tr[data-site]";
        int site = Integer.parseInt(attribute(b, row, "data-site"));
        long nodes = recording.recordedDag().orElseThrow().nodes().stream().filter(x -> x.site() == site).count();
        focus(b, row);
        b.keys(Browser.Key.ENTER);
        assertThat(attribute(b, row, "aria-selected")).isEqualTo("true");
        assertThat(Long.parseLong(attribute(b, "#timeline-canvas", "data-marked"))).isEqualTo(nodes);
        b.keys(" ");
        assertThat(attribute(b, "#timeline-canvas", "data-marked-site")).isEqualTo("-1");
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void thePredictedCurveAndTheRunsCompared(Browser b) throws Exception {
        Path two = made("fib2.fsk", () -> {
            Path r = shared.resolve("fib2.fsk");
            record(r, "out=" + r + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "2");
            return r;
        });
        Path one = made("fib1.fsk", () -> {
            Path r = shared.resolve("fib1.fsk");
            record(r, "out=" + r + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "1");
            return r;
        });
        Path csv = made("predicted.csv", () -> {
            Path c = shared.resolve("predicted.csv");
            cli("predict", two.toString(), "--csv", "-o", c.toString());
            return c;
        });
        Path html = made("cmp.html", () -> {
            Path h = shared.resolve("cmp.html");
            cli("report", two.toString(), one.toString(), "--predicted", csv.toString(), "-o", h.toString());
            return h;
        });
        b.open(html);
        assertNoProblems(b);

        // the simulated curve: a series of the chart and a row per simulated P with predict's speedup
        assertThat(attribute(b, ".scaling-chart", "data-series")).contains("simulated T1/T_P");
        String table = "#" + attribute(b, ".scaling-chart", "id") + "-predicted";
        for (PredictCsv.PredictedRow row : PredictCsv.read(csv)) {
            assertThat(number(b, table + " tr[data-scenario='" + row.scenario() + "'][data-p='" + row.p()
                    + "'] [data-key='predicted-speedup']", "data-value")).isCloseTo(row.sequentialSpeedup(), within(1e-5));
        }

        // the comparison: compare --json's numbers, and a bar per run as wide as its shares
        assertThat(count(b, "#compare")).isEqualTo(1);
        JsonNode runs = JSON.readTree(cli("compare", two.toString(), one.toString(), "--json")).get("runs");
        assertThat(runs).hasSize(2);
        String[] keys = {"work", "not-running", "forkscope", "delay", "no-work-sched", "no-work-app"};
        for (int r = 0; r < 2; r++) {
            JsonNode fig5 = runs.get(r).get("fig5");
            for (String k : keys) {
                double expected = fig5.get(k.replace('-', '_') + "_ns").asDouble();
                assertThat(value(b, "cmp-" + r + "-" + k)).as("run %d %s", r, k).isCloseTo(expected, within(1.0));
            }
            assertThat(value(b, "cmp-" + r + "-workers")).isEqualTo(2 - r);
            double slots = value(b, "cmp-" + r + "-slot-time");
            double barWidth = box(b, ".compare-bar[data-run='" + r + "']")[2];
            double work = box(b, ".compare-bar[data-run='" + r + "'] .seg-work")[2];
            assertThat(work / barWidth).as("run %d work's share", r).isCloseTo(value(b, "cmp-" + r + "-work") / slots,
                    within(0.02));
        }
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void aSampledRecordingShowsItsContextsAndASiteMarksItsNodesAndFrames(Browser b) throws Exception {
        Path rec = sampledRecording();
        b.open(sampledPage());
        assertNoProblems(b);
        for (String id : List.of("timelines", "sites", "contexts")) {
            assertThat(count(b, "section#" + id)).as("section %s", id).isEqualTo(1);
        }

        // the totals are those of contexts --json
        Path contextsFile = made("contexts.json", () -> {
            Path j = shared.resolve("contexts.json");
            Files.writeString(j, cli("contexts", rec.toString(), "--json"));
            return j;
        });
        JsonNode contextsJson = JSON.readTree(contextsFile.toFile());
        JsonNode totals = contextsJson.get("totals");
        for (String m : List.of("work", "idleness", "overhead", "effort")) {
            assertThat(value(b, "ctx-" + m)).as(m).isCloseTo(totals.get(m + "_ns").asDouble(), within(1.0));
        }
        assertThat(count(b, "#contexts-advice tbody tr")).isPositive();
        // the icicle's table: the largest contexts with contexts --json's numbers
        assertThat(count(b, "#contexts-table tbody tr")).isPositive();

        // switching the metric redraws the icicle with other widths
        List<String> drawings = new ArrayList<>(List.of(picture(b, "#contexts-canvas")));
        for (String m : List.of("idleness", "overhead")) {
            click(b, "input[name=contexts-metric][value=" + m + "]");
            assertThat(attribute(b, "#contexts-canvas", "data-metric")).isEqualTo(m);
            drawings.add(picture(b, "#contexts-canvas"));
        }
        assertThat(drawings).as("the work, idleness and overhead drawings").doesNotHaveDuplicates();
        // clicking a context below the root (scanning its row for one) zooms into it and shows its numbers
        click(b, "input[name=contexts-metric][value=work]");
        double[] icicle = box(b, "#contexts-canvas");
        for (int x = 2; x < icicle[2] && "0".equals(attribute(b, "#contexts-canvas", "data-focus")); x += 4) {
            b.click(icicle[0] + x, icicle[1] + 27);
        }
        assertThat(attribute(b, "#contexts-canvas", "data-focus"))
                .as("a context below the root (boxes drawn: %s)", attribute(b, "#contexts-canvas", "data-drawn"))
                .isNotEqualTo("0");
        assertThat(text(b, "#context-details [data-key=ctx-path]")).isNotEmpty();

        // clicking the top call site's row marks its nodes in the timelines
        Recording recording = RecordingReader.read(rec);
        String row = "#sites-span tbody tr[data-site]";
        int site = Integer.parseInt(attribute(b, row, "data-site"));
        long nodes = recording.recordedDag().orElseThrow().nodes().stream().filter(x -> x.site() == site).count();
        click(b, row + " td");
        assertThat(attribute(b, row, "aria-selected")).isEqualTo("true");
        assertThat(attribute(b, "#timeline-canvas", "data-marked-site")).isEqualTo(Integer.toString(site));
        assertThat(Long.parseLong(attribute(b, "#timeline-canvas", "data-marked"))).isEqualTo(nodes);
        // ... and its method's contexts in the icicle
        String frame = attribute(b, row, "data-frame");
        long contexts = 0;
        for (JsonNode node : contextsJson.get("nodes")) {
            if (!node.get("class").isNull() && (node.get("class").asText() + "." + node.get("method").asText()).equals(frame)) {
                contexts++;
            }
        }
        assertThat(Long.parseLong(attribute(b, "#contexts-canvas", "data-marked"))).as("contexts of %s", frame)
                .isEqualTo(contexts);
        click(b, row + " td");
        assertThat(attribute(b, "#timeline-canvas", "data-marked-site")).isEqualTo("-1");
        assertThat(attribute(b, "#contexts-canvas", "data-marked")).isEqualTo("0");
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void aSitesWhatIfShowsPredictsNumbersAndDrawsThem(Browser b) throws Exception {
        Path rec = sampledRecording();
        b.open(sampledPage());
        String site = attribute(b, "#sites-span tbody tr[data-site]", "data-site");   // the most span
        Path html = made("what-if.html", () -> report(rec, "what-if.html", "--speedup", site + "=2"));
        b.open(html);
        assertNoProblems(b);
        assertThat(count(b, "section#what-if")).isEqualTo(1);
        assertThat(attribute(b, ".scaling-chart", "data-series")).contains("what-if upper bound", "simulated what-if");

        // predict --speedup at the page's P, the same seed and latency: the same numbers
        @SuppressWarnings("unchecked")
        List<String> ps = (List<String>) b.js("return Array.prototype.map.call(document.querySelectorAll("
                + "'#what-if-p tbody tr'), function (r) { return r.getAttribute('data-p'); });");
        Path csv = shared.resolve("what-if.csv");
        Files.deleteIfExists(csv);
        cli("predict", rec.toString(), "--speedup", site + "=2", "-p", String.join(",", ps), "--csv", "-o", csv.toString());
        List<String[]> rows = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")).toList();
        assertThat(rows).hasSize(2 * ps.size());
        for (String[] r : rows) {
            String scenario = r[0].equals(PredictCsv.RECORDED) ? "recorded" : "what-if";
            String tr = "#what-if-p tr[data-p='" + r[1] + "'] ";
            long work = Long.parseLong(r[2]);
            long span = Long.parseLong(r[3]);
            assertThat(number(b, "#what-if-shape tr[data-key=work] td[data-scenario='" + scenario + "']", "data-value"))
                    .isEqualTo(work);
            assertThat(number(b, "#what-if-shape tr[data-key=span] td[data-scenario='" + scenario + "']", "data-value"))
                    .isEqualTo(span);
            String suffix = scenario.equals("recorded") ? "" : "-what-if";
            assertThat(value(b, tr, "t-p" + suffix)).as("T_P at P=%s, %s", r[1], scenario).isEqualTo(Long.parseLong(r[4]));
            assertThat(value(b, tr, "upper" + suffix)).isCloseTo(Math.min(Integer.parseInt(r[1]), (double) work / span),
                    within(1e-5));
        }
        Dag dag = RecordingReader.read(rec).recordedDag().orElseThrow();
        assertThat(value(b, "#what-if-p tr[data-p='" + Math.max(1, dag.workers()) + "'] ", "measured"))
                .isEqualTo(dag.elapsed());
        assertNoProblems(b);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("browsers")
    void namesThatAreMarkupStayText(Browser b) throws Exception {
        Path html = made("hostile.html", () -> {
            Path rec = shared.resolve("hostile.fsk");
            record(rec, "out=" + rec + ",mode=dag", HostileNamesProgram.class);
            return report(rec, "hostile.html");
        });
        b.open(html);
        assertThat(b.alert()).as("an alert the page opened").isNull();
        assertNoProblems(b);
        // the thread names with quotes reach the page's script intact, through the JSON data block
        List<?> threads = (List<?>) b.js("return JSON.parse(document.getElementById('data-timeline').textContent).threads;");
        assertThat(threads).anySatisfy(t -> assertThat((String) t).startsWith(HostileNamesProgram.THREAD));
        @SuppressWarnings("unchecked")
        List<String> labels = (List<String>) b.js("return Array.prototype.map.call(document.querySelectorAll("
                + "'#regions-table tbody td:first-child'), function (td) { return td.textContent; });");
        assertThat(labels).contains(HostileNamesProgram.LABEL);
        assertThat(count(b, "body script")).isEqualTo(count(b, "script[type='application/json']") + 2);
    }

    // ---- not tests: the documentation's screenshots and measurements, when asked for ----

    /**
     * With {@code -Dforkscope.screenshots=DIR}: runs {@code forkscope demo} and writes screenshots of its
     * report at 1280×800 in chromium, one per main section, into DIR as report-SECTION.png.
     */
    @org.junit.jupiter.api.Test
    void screenshotsOfTheDemosReport() throws Exception {
        String dir = System.getProperty("forkscope.screenshots", "");
        Assumptions.assumeFalse(dir.isEmpty(), "-Dforkscope.screenshots=DIR writes the docs' screenshots");
        Browser b = BROWSERS.stream().filter(x -> x instanceof ChromiumBrowser).findFirst().orElseThrow();
        Path out = Files.createDirectories(Path.of(dir));
        List<String> cmd = new ArrayList<>(List.of(Jdks.javas().get(0), "-jar", ChildJvm.jar().toString(), "demo"));
        ChildJvm.Result demo = ChildJvm.run(cmd, shared);
        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("open (\\S+\\.html)").matcher(demo.stderr());
        assertThat(m.find()).as(demo.stderr()).isTrue();
        Path html = Path.of(m.group(1));
        b.viewport(1280, 800);
        b.open(html);
        assertNoProblems(b);
        shot(b, out, "summary", null);
        shot(b, out, "scaling", "#scaling");
        // the profile with a stretch selected where a second worker starts: the timelines show that stretch
        List<?> stretch = (List<?>) b.js("var d = JSON.parse(document.getElementById('data-timeline').textContent);"
                + " var t = d.elapsed; for (var i = 0; i < d.worker.length; i++) if (d.worker[i] > 0) t = Math.min(t, d.start[i]);"
                + " return [Math.max(0, t - 0.01 * d.elapsed) / 1e6, Math.min(d.elapsed, t + 0.06 * d.elapsed) / 1e6];");
        type(b, "#view-from", String.format(Locale.ROOT, "%.3f", ((Number) stretch.get(0)).doubleValue()));
        type(b, "#view-to", String.format(Locale.ROOT, "%.3f", ((Number) stretch.get(1)).doubleValue()) + Browser.Key.ENTER);
        b.js("document.activeElement.blur(); window.scrollTo(0, document.getElementById('profile').offsetTop - 4);");
        Files.write(out.resolve("report-profile.png"), b.screenshot());
        // a node chosen by the keyboard, with its in-edges and details
        focus(b, "#timeline-canvas");
        b.keys("]]]" + Browser.Key.DOWN + "]]");
        b.js("window.scrollTo(0, document.getElementById('timelines').offsetTop - 4);");
        Files.write(out.resolve("report-timelines.png"), b.screenshot());
        click(b, "#reset-zoom");
        shot(b, out, "delays", "#delays");
        if (count(b, "#sites") > 0) {
            click(b, "#sites-span tbody tr[data-site] td");   // the top site, marked in the timelines
            shot(b, out, "sites", "#sites");
        }
        if (count(b, "#what-if") > 0) {
            shot(b, out, "what-if", "#what-if");
        }
        System.err.println("HtmlReportIT: screenshots of " + html + " in " + out);
    }

    private static void shot(Browser b, Path out, String name, String css) throws java.io.IOException {
        b.js(css == null ? "window.scrollTo(0, 0);"
                : "window.scrollTo(0, document.querySelector(args[0]).offsetTop - 4);", css == null ? "" : css);
        Files.write(out.resolve("report-" + name + ".png"), b.screenshot());
    }

    /** The element's box without scrolling: left, top, width, height. */
    private static double[] rect(Browser b, String css) {
        List<?> r = (List<?>) b.js("var r = document.querySelector(args[0]).getBoundingClientRect();"
                + " return [r.left, r.top, r.width, r.height];", css);
        return r.stream().mapToDouble(x -> ((Number) x).doubleValue()).toArray();
    }

    /**
     * With {@code -Dforkscope.loadtime=A.html,B.html}: each page's size, and in each browser five times
     * the time from the navigation's start to the page's script having drawn everything (its
     * {@code data-ready-at-ms}) and the script's own time ({@code data-ready-ms}).
     */
    @org.junit.jupiter.api.Test
    void loadTimes() throws Exception {
        String pages = System.getProperty("forkscope.loadtime", "");
        Assumptions.assumeFalse(pages.isEmpty(), "-Dforkscope.loadtime=A.html,B.html measures pages");
        for (String page : pages.split(",")) {
            Path html = Path.of(page);
            for (Browser b : BROWSERS) {
                List<String> times = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    b.open(html);
                    times.add(attribute(b, "body", "data-ready-at-ms") + " (script " + attribute(b, "body", "data-ready-ms")
                            + ")");
                    assertNoProblems(b);
                }
                System.err.printf(Locale.ROOT, "HtmlReportIT: %s, %,d bytes, %s: drawn at %s ms%n", html,
                        Files.size(html), b.name(), String.join(", ", times));
            }
        }
    }

    // ---- what the tests ask of a page ----

    private static void assertDetails(Browser b, DagNode node, ReadyTimes ready) {
        assertThat(attribute(b, "#timeline-canvas", "data-selected")).isEqualTo(Integer.toString(node.id()));
        String details = "#node-details ";
        assertThat(text(b, details + "[data-key=node-id]")).isEqualTo(Integer.toString(node.id()));
        assertThat(text(b, details + "[data-key=node-worker]")).startsWith(node.worker() + " (");
        assertThat(text(b, details + "[data-key=node-site]")).isNotEmpty();
        assertThat(text(b, details + "[data-key=node-work]")).isEqualTo(String.format(Locale.ROOT, "%,d ns", node.work()));
        assertThat(text(b, details + "[data-key=node-delay]")).startsWith(String.format(Locale.ROOT, "%,d ns ready",
                ready.delay(node.id())));
        @SuppressWarnings("unchecked")
        List<String> edges = (List<String>) b.js("return Array.prototype.map.call(document.querySelectorAll("
                + "'#node-details [data-key=node-in] button'), function (e) {"
                + " return e.getAttribute('data-node') + ' ' + e.getAttribute('data-kind'); });");
        assertThat(edges).containsExactlyElementsOf(node.in().stream().map(e -> e.from() + " " + e.kind().label())
                .collect(Collectors.toList()));
    }

    /** A worker's nodes by start, ties by id: the order ] and [ step through. */
    private static List<DagNode> byStart(Dag dag, int worker) {
        return dag.nodes().stream().filter(x -> x.worker() == worker)
                .sorted(Comparator.comparingLong(DagNode::start).thenComparingInt(DagNode::id)).toList();
    }

    /** The node ↓ (by 1) or ↑ (by −1) chooses: on the next worker that has any, the one nearest the middle of {@code from}. */
    private static DagNode across(Dag dag, DagNode from, int by) {
        double t = from.start() + (from.end() - from.start()) / 2.0;
        for (int w = from.worker() + by; w >= 0 && w < dag.workers(); w += by) {
            DagNode best = null;
            double bestDistance = Double.POSITIVE_INFINITY;
            for (DagNode x : byStart(dag, w)) {
                double d = t < x.start() ? x.start() - t : t > x.end() ? t - x.end() : 0;
                if (d < bestDistance) {
                    best = x;
                    bestDistance = d;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return from;
    }

    static void assertNoProblems(Browser b) {
        assertThat(b.problems()).as("%s's console", b.name()).isEmpty();
    }

    private static double value(Browser b, String key) {
        return value(b, "", key);
    }

    private static double value(Browser b, String within, String key) {
        return number(b, within + "[data-key='" + key + "'][data-value]", "data-value");
    }

    static double number(Browser b, String css, String attribute) {
        String v = attribute(b, css, attribute);
        assertThat(v).as("%s's %s", css, attribute).isNotNull();
        return Double.parseDouble(v);
    }

    static String attribute(Browser b, String css, String attribute) {
        return (String) b.js("var e = document.querySelector(args[0]);"
                + " if (!e) throw new Error('no element ' + args[0]); return e.getAttribute(args[1]);", css, attribute);
    }

    static String text(Browser b, String css) {
        return (String) b.js("var e = document.querySelector(args[0]);"
                + " if (!e) throw new Error('no element ' + args[0]); return e.textContent.trim();", css);
    }

    static int count(Browser b, String css) {
        return ((Number) b.js("return document.querySelectorAll(args[0]).length;", css)).intValue();
    }

    /**
     * Scrolls the element to the viewport's middle (its top, when taller) and waits until it stays
     * there (a redraw may still move the page after the scroll: a click at a box measured too early
     * lands on its neighbour); @return its box: left, top, width, height (CSS px, viewport)
     */
    static double[] box(Browser b, String css) throws InterruptedException {
        b.js("var e = document.querySelector(args[0]); if (!e) throw new Error('no element ' + args[0]);"
                + " e.scrollIntoView({block: e.getBoundingClientRect().height > innerHeight - 40 ? 'start' : 'center'});", css);
        double[] last = rect(b, css);
        for (int i = 0; i < 40; i++) {
            Thread.sleep(50);
            double[] now = rect(b, css);
            if (java.util.Arrays.equals(now, last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    /** A real click in the middle of the element. */
    static void click(Browser b, String css) throws InterruptedException {
        double[] r = box(b, css);
        b.click(r[0] + r[2] / 2, r[1] + r[3] / 2);
    }

    static void focus(Browser b, String css) {
        b.js("var e = document.querySelector(args[0]); e.scrollIntoView({block: 'center'}); e.focus();", css);
    }

    /** Empties a field, gives it the focus and types into it. */
    static void type(Browser b, String css, String keys) {
        b.js("var e = document.querySelector(args[0]); e.value = '';", css);
        focus(b, css);
        b.keys(keys);
    }

    private static double range(Browser b) {
        return number(b, "#timeline-canvas", "data-t1") - number(b, "#timeline-canvas", "data-t0");
    }

    /** A canvas' pixels, as a data URL. */
    private static String picture(Browser b, String css) {
        return (String) b.js("return document.querySelector(args[0]).toDataURL();", css);
    }

    /** Clicks the middle of a node's box, from the canvas' geometry attributes. */
    private static void clickNode(Browser b, Dag dag, DagNode node) throws InterruptedException {
        double[] r = box(b, "#timeline-canvas");
        double t0 = number(b, "#timeline-canvas", "data-t0");
        double t1 = number(b, "#timeline-canvas", "data-t1");
        double left = number(b, "#timeline-canvas", "data-plot-left");
        double width = number(b, "#timeline-canvas", "data-plot-width");
        double axis = number(b, "#timeline-canvas", "data-axis-height");
        double row = number(b, "#timeline-canvas", "data-row-height");
        double mid = (node.start() + node.end()) / 2.0 - dag.begin();
        b.click(r[0] + left + (mid - t0) * width / (t1 - t0), r[1] + axis + node.worker() * row + row / 2);
    }

    // ---- recording and the CLI ----

    static void record(Path rec, String agentOptions, Class<?> main, String... args) throws Exception {
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(Jdks.javas().get(0), agentOptions, List.of(), main, args), shared);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(rec).exists();
    }

    /** Runs forkscope's jar with these arguments, which must succeed; @return its standard output */
    static String cli(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Jdks.javas().get(0), "-jar", ChildJvm.jar().toString()));
        cmd.addAll(List.of(args));
        ChildJvm.Result r = ChildJvm.run(cmd, shared);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r.stdout();
    }

    static Path report(Path rec, String name, String... options) throws Exception {
        Path html = shared.resolve(name);
        List<String> cmd = new ArrayList<>(List.of(Jdks.javas().get(0), "-jar", ChildJvm.jar().toString(), "report",
                rec.toString(), "-o", html.toString()));
        cmd.addAll(List.of(options));
        ChildJvm.Result r = ChildJvm.run(cmd, shared);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("forkscope report: written to " + html);
        return html;
    }
}
