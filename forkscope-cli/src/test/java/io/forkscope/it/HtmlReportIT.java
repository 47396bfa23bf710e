package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.it.programs.HostileNamesProgram;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.report.predict.PredictCsv;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The HTML report in a real browser (Debian's headless chromium, driven by Selenium): a DAG
 * recording of a bundled sample opens without console errors, with every section, the analysis'
 * numbers in its DOM, a profile selection that zooms the timelines, wheel zoom, reset and node
 * details on a click; a recording whose region label and thread names are markup opens with no
 * alert. Without chromium and chromedriver the test is skipped, loudly, unless
 * FORKSCOPE_REQUIRE_BROWSER=1 (as in CI), where their absence fails it.
 */
class HtmlReportIT {
    static final Path CHROMIUM = Path.of(System.getProperty("forkscope.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("forkscope.chromedriver", "/usr/bin/chromedriver"));

    static ChromeDriver driver;
    static Path profileDir;

    @BeforeAll
    static void browser() throws Exception {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present) {
            String message = "HtmlReportIT needs a headless browser: " + CHROMIUM + " and " + CHROMEDRIVER
                    + " are missing; install them with: apt-get install chromium chromium-driver";
            if ("1".equals(System.getenv("FORKSCOPE_REQUIRE_BROWSER"))) {
                throw new AssertionError(message + " (FORKSCOPE_REQUIRE_BROWSER=1: the browser tests must run)");
            }
            System.err.println("\n*** SKIPPED: " + message + " ***\n");
            Assumptions.abort(message);
        }
        profileDir = Files.createTempDirectory("forkscope-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profileDir, "--window-size=1280,800");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 800));
    }

    @AfterAll
    static void close() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (profileDir != null) {
            try (var files = Files.walk(profileDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aDagRecordingShowsItsAnalysesAndTheViewsAreLinked(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("fib.fsk");
        record(dir, rec, "out=" + rec + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8",
                "--workers", "2");
        Path html = report(dir, rec);
        open(html);
        assertNoConsoleErrors();

        for (String id : List.of("run", "summary", "scaling", "profile", "timelines", "delays")) {
            assertThat(driver.findElements(By.id(id))).as("section %s", id).hasSize(1);
        }
        assertThat(driver.findElements(By.id("sites"))).as("no call sites recorded").isEmpty();

        Recording recording = RecordingReader.read(rec);
        SectionScalability whole = ScalabilityAnalysis.analyze(recording, AnalysisOptions.defaults()).wholeRun();
        assertThat(value("work")).isEqualTo(whole.measures().work());
        assertThat(value("span")).isEqualTo(whole.measures().span());
        assertThat(value("burdened-span")).isEqualTo(whole.measures().burdenedSpan());
        assertThat(value("parallelism")).isCloseTo(whole.parallelism(), within(1e-6));
        Dag dag = recording.recordedDag().orElseThrow();
        DelayReport delays = DelaySpotter.analyze(dag);
        assertThat(value("delay")).isCloseTo(delays.breakdown().delay(), within(1.0));
        assertThat(value("no-work-app")).isCloseTo(delays.breakdown().noWorkApp(), within(1.0));
        assertThat(value("critical-path")).isCloseTo(delays.stats().criticalPath(), within(1.0));
        assertThat(value("nodes")).isEqualTo(delays.stats().nodes());

        // a selection across the profile zooms the timelines
        WebElement canvas = driver.findElement(By.id("timeline-canvas"));
        double full = range(canvas);
        assertThat(full).isCloseTo(dag.elapsed(), within(dag.elapsed() * 1e-6 + 1));
        WebElement over = driver.findElement(By.cssSelector("#profile-chart .u-over"));
        scrollTo(over);
        int w = over.getSize().getWidth();
        new Actions(driver).moveToElement(over, -w / 4, 0).clickAndHold().moveByOffset(w / 4, 0).release().perform();
        double zoomed = range(canvas);
        assertThat(zoomed).as("the timelines' range after selecting a quarter of the profile").isLessThan(full * 0.5);

        // reset, then the wheel zooms the timelines around the pointer
        clickReset();
        assertThat(range(canvas)).isCloseTo(full, within(full * 1e-6 + 1));
        scrollTo(canvas);
        ((JavascriptExecutor) driver).executeScript("arguments[0].dispatchEvent(new WheelEvent('wheel', {deltaY: -100,"
                + " clientX: arguments[0].getBoundingClientRect().left + 600, clientY: arguments[0]"
                + ".getBoundingClientRect().top + 40, bubbles: true, cancelable: true}))", canvas);
        assertThat(range(canvas)).isLessThan(full * 0.9);
        clickReset();

        // clicking the longest node shows its details
        DagNode longest = dag.nodes().stream().max(Comparator.comparingLong(n -> n.end() - n.start())).orElseThrow();
        clickNode(canvas, dag, longest);
        WebElement details = driver.findElement(By.id("node-details"));
        assertThat(details.findElement(By.cssSelector("[data-key=node-id]")).getText())
                .isEqualTo(Integer.toString(longest.id()));
        assertThat(details.findElement(By.cssSelector("[data-key=node-work]")).getText())
                .startsWith(String.format(Locale.ROOT, "%,d ns", longest.work()));
        assertThat(details.findElement(By.cssSelector("[data-key=node-worker]")).getText())
                .startsWith(Integer.toString(longest.worker()));
        assertThat(details.findElements(By.cssSelector("[data-key=node-in] li"))).hasSize(longest.in().size());
        assertNoConsoleErrors();
    }

    @Test
    void thePredictedCurveAndTheRunsCompared(@TempDir Path dir) throws Exception {
        Path two = dir.resolve("fib2.fsk");
        Path one = dir.resolve("fib1.fsk");
        record(dir, two, "out=" + two + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "2");
        record(dir, one, "out=" + one + ",mode=dag", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "1");
        Path csv = dir.resolve("predicted.csv");
        cli(dir, "predict", two.toString(), "--csv", "-o", csv.toString());
        Path html = dir.resolve("cmp.html");
        cli(dir, "report", two.toString(), one.toString(), "--predicted", csv.toString(), "-o", html.toString());
        open(html);
        assertNoConsoleErrors();

        // the simulated curve: a series of the chart and a row per simulated P with predict's speedup
        WebElement chart = driver.findElement(By.cssSelector(".scaling-chart"));
        assertThat(chart.getAttribute("data-series")).contains("simulated T1/T_P");
        String table = "#" + chart.getAttribute("id") + "-predicted";
        for (PredictCsv.PredictedRow row : PredictCsv.read(csv)) {
            WebElement cell = driver.findElement(By.cssSelector(table + " tr[data-scenario='" + row.scenario()
                    + "'][data-p='" + row.p() + "'] [data-key='predicted-speedup']"));
            assertThat(Double.parseDouble(cell.getAttribute("data-value"))).isCloseTo(row.sequentialSpeedup(), within(1e-5));
        }

        // the comparison: compare --json's numbers, and a bar per run as wide as its shares
        assertThat(driver.findElements(By.id("compare"))).hasSize(1);
        JsonNode runs = new ObjectMapper().readTree(cli(dir, "compare", two.toString(), one.toString(), "--json"))
                .get("runs");
        assertThat(runs).hasSize(2);
        String[] keys = {"work", "not-running", "forkscope", "delay", "no-work-sched", "no-work-app"};
        for (int r = 0; r < 2; r++) {
            JsonNode fig5 = runs.get(r).get("fig5");
            for (String k : keys) {
                double expected = fig5.get(k.replace('-', '_') + "_ns").asDouble();
                assertThat(value("cmp-" + r + "-" + k)).as("run %d %s", r, k).isCloseTo(expected, within(1.0));
            }
            assertThat(value("cmp-" + r + "-workers")).isEqualTo(2 - r);
            double slots = value("cmp-" + r + "-slot-time");
            WebElement bar = driver.findElement(By.cssSelector(".compare-bar[data-run='" + r + "']"));
            double barWidth = bar.getSize().getWidth();
            WebElement work = bar.findElement(By.cssSelector(".seg-work"));
            assertThat(work.getSize().getWidth() / barWidth).as("run %d work's share", r)
                    .isCloseTo(value("cmp-" + r + "-work") / slots, within(0.02));
        }
        assertNoConsoleErrors();
    }

    @Test
    void aSampledRecordingShowsItsContextsAndASiteMarksItsNodesAndFrames(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("sampled.fsk");
        // --sample alone: logical contexts, so also the DAG and the call sites
        cli(dir, "example", "fib", "--n", "27", "--cutoff", "12", "--workers", "2", "--record", rec.toString(), "--sample");
        Path html = report(dir, rec);
        open(html);
        assertNoConsoleErrors();
        for (String id : List.of("timelines", "sites", "contexts")) {
            assertThat(driver.findElements(By.id(id))).as("section %s", id).hasSize(1);
        }

        // the totals are those of contexts --json
        JsonNode contextsJson = new ObjectMapper().readTree(cli(dir, "contexts", rec.toString(), "--json"));
        JsonNode totals = contextsJson.get("totals");
        for (String m : List.of("work", "idleness", "overhead", "effort")) {
            assertThat(value("ctx-" + m)).as(m).isCloseTo(totals.get(m + "_ns").asDouble(), within(1.0));
        }
        assertThat(driver.findElements(By.cssSelector("#contexts-advice tbody tr"))).isNotEmpty();

        // switching the metric redraws the icicle with other widths
        WebElement icicle = driver.findElement(By.id("contexts-canvas"));
        scrollTo(icicle);
        List<String> drawings = new ArrayList<>(List.of(picture(icicle)));
        for (String m : List.of("idleness", "overhead")) {
            WebElement radio = driver.findElement(By.cssSelector("input[name=contexts-metric][value=" + m + "]"));
            scrollTo(radio);
            radio.click();
            assertThat(icicle.getAttribute("data-metric")).isEqualTo(m);
            drawings.add(picture(icicle));
        }
        assertThat(drawings).as("the work, idleness and overhead drawings").doesNotHaveDuplicates();
        // clicking a context below the root (scanning its row for one) zooms into it and shows its numbers
        driver.findElement(By.cssSelector("input[name=contexts-metric][value=work]")).click();
        int width = icicle.getSize().getWidth();
        for (int x = 4; x < width && "0".equals(icicle.getAttribute("data-focus")); x += 16) {
            ((JavascriptExecutor) driver).executeScript("var r = arguments[0].getBoundingClientRect();"
                    + " arguments[0].dispatchEvent(new MouseEvent('click', {clientX: r.left + arguments[1],"
                    + " clientY: r.top + 27, bubbles: true}))", icicle, x);
        }
        assertThat(icicle.getAttribute("data-focus")).isNotEqualTo("0");
        assertThat(driver.findElement(By.cssSelector("#context-details [data-key=ctx-path]")).getText()).isNotEmpty();

        // clicking the top call site's row marks its nodes in the timelines
        Recording recording = RecordingReader.read(rec);
        WebElement row = driver.findElement(By.cssSelector("#sites-span tbody tr[data-site]"));
        int site = Integer.parseInt(row.getAttribute("data-site"));
        long nodes = recording.recordedDag().orElseThrow().nodes().stream().filter(x -> x.site() == site).count();
        scrollTo(row);
        row.findElement(By.cssSelector("td")).click();
        WebElement canvas = driver.findElement(By.id("timeline-canvas"));
        assertThat(row.getAttribute("aria-selected")).isEqualTo("true");
        assertThat(canvas.getAttribute("data-marked-site")).isEqualTo(Integer.toString(site));
        assertThat(Long.parseLong(canvas.getAttribute("data-marked"))).isEqualTo(nodes);
        // ... and its method's contexts in the icicle
        String frame = row.getAttribute("data-frame");
        long contexts = 0;
        for (JsonNode node : contextsJson.get("nodes")) {
            if (!node.get("class").isNull() && (node.get("class").asText() + "." + node.get("method").asText()).equals(frame)) {
                contexts++;
            }
        }
        assertThat(Long.parseLong(icicle.getAttribute("data-marked"))).as("contexts of %s", frame).isEqualTo(contexts);
        row.findElement(By.cssSelector("td")).click();
        assertThat(canvas.getAttribute("data-marked-site")).isEqualTo("-1");
        assertThat(icicle.getAttribute("data-marked")).isEqualTo("0");
        assertNoConsoleErrors();
    }

    /** The canvas' pixels, as a data URL. */
    private static String picture(WebElement canvas) {
        return (String) ((JavascriptExecutor) driver).executeScript("return arguments[0].toDataURL()", canvas);
    }

    @Test
    void namesThatAreMarkupStayText(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("hostile.fsk");
        record(dir, rec, "out=" + rec + ",mode=dag", HostileNamesProgram.class);
        Path html = report(dir, rec);
        open(html);
        assertThatThrownByAlert();
        assertNoConsoleErrors();
        // the thread names with quotes reach the page's script intact, through the JSON data block
        Object threads = ((JavascriptExecutor) driver).executeScript(
                "return JSON.parse(document.getElementById('data-timeline').textContent).threads");
        assertThat((List<?>) threads).anySatisfy(t -> assertThat((String) t).startsWith(HostileNamesProgram.THREAD));
        List<String> labels = new ArrayList<>();
        for (WebElement td : driver.findElements(By.cssSelector("#regions-table tbody td:first-child"))) {
            labels.add(td.getText());
        }
        assertThat(labels).contains(HostileNamesProgram.LABEL);
        assertThat(driver.findElements(By.cssSelector("body script"))).hasSize(
                driver.findElements(By.cssSelector("script[type='application/json']")).size() + 2);
    }

    /** Loads the page and waits for its script to have drawn everything. */
    private static void open(Path html) {
        driver.get(html.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> "true".equals(
                d.findElement(By.tagName("body")).getAttribute("data-ready")));
    }

    private static void assertThatThrownByAlert() {
        try {
            String text = driver.switchTo().alert().getText();
            throw new AssertionError("the page opened an alert: " + text);
        } catch (NoAlertPresentException expected) {
            // no script of the program's ran
        }
    }

    private static void assertNoConsoleErrors() {
        List<String> severe = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
                severe.add(e.getLevel() + " " + e.getMessage());
            }
        }
        assertThat(severe).as("the browser's console").isEmpty();
    }

    /** Brings the Reset button into view (headless chromium does not always scroll to it first) and clicks it. */
    private static void clickReset() {
        WebElement reset = driver.findElement(By.id("reset-zoom"));
        scrollTo(reset);
        reset.click();
    }

    private static double value(String key) {
        WebElement cell = driver.findElement(By.cssSelector("[data-key='" + key + "'][data-value]"));
        return Double.parseDouble(cell.getAttribute("data-value"));
    }

    private static double range(WebElement canvas) {
        return Double.parseDouble(canvas.getAttribute("data-t1")) - Double.parseDouble(canvas.getAttribute("data-t0"));
    }

    private static void scrollTo(WebElement e) {
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", e);
    }

    /** Clicks the middle of a node's box, from the canvas' geometry attributes. */
    private static void clickNode(WebElement canvas, Dag dag, DagNode node) {
        scrollTo(canvas);
        double t0 = Double.parseDouble(canvas.getAttribute("data-t0"));
        double t1 = Double.parseDouble(canvas.getAttribute("data-t1"));
        double left = Double.parseDouble(canvas.getAttribute("data-plot-left"));
        double width = Double.parseDouble(canvas.getAttribute("data-plot-width"));
        double axis = Double.parseDouble(canvas.getAttribute("data-axis-height"));
        double row = Double.parseDouble(canvas.getAttribute("data-row-height"));
        double mid = (node.start() + node.end()) / 2.0 - dag.begin();
        int x = (int) Math.round(left + (mid - t0) * width / (t1 - t0));
        int y = (int) Math.round(axis + node.worker() * row + row / 2);
        Dimension size = canvas.getSize();
        new Actions(driver).moveToElement(canvas, x - size.getWidth() / 2, y - size.getHeight() / 2).click().perform();
    }

    private static void record(Path dir, Path rec, String agentOptions, Class<?> main, String... args) throws Exception {
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(Jdks.javas().get(0), agentOptions, List.of(), main, args), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(rec).exists();
    }

    /** Runs forkscope's jar with these arguments, which must succeed; @return its standard output */
    private static String cli(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Jdks.javas().get(0), "-jar", ChildJvm.jar().toString()));
        cmd.addAll(List.of(args));
        ChildJvm.Result r = ChildJvm.run(cmd, dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r.stdout();
    }

    private static Path report(Path dir, Path rec) throws Exception {
        Path html = dir.resolve(rec.getFileName().toString().replace(".fsk", ".html"));
        ChildJvm.Result r = ChildJvm.run(List.of(Jdks.javas().get(0), "-jar", ChildJvm.jar().toString(), "report",
                rec.toString(), "-o", html.toString()), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("forkscope report: written to " + html);
        return html;
    }

}
