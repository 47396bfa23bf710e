package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code forkscope contexts} on recordings written by hand: the samples are a JFR file this test
 * records of its own JVM while a pool of 2 spins in {@code ContextSpin.hot} (so every view must show
 * that frame below the task's compute), in mode cilkview (no busy intervals: estimated idleness).
 */
class ContextsCommandTest {
    @TempDir
    static Path dir;
    static byte[] jfr;

    /** A class outside io.forkscope (whose frames are the tool's): see {@link forkscopeit.contexts.ContextSpin}. */
    @BeforeAll
    static void sampleThisJvm() throws Exception {
        Path file = dir.resolve("self.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(5));
            r.start();
            ForkJoinPool pool = new ForkJoinPool(2);
            pool.invoke(new RecursiveAction() {
                @Override
                protected void compute() {
                    invokeAll(forkscopeit.contexts.ContextSpin.task(300), forkscopeit.contexts.ContextSpin.task(300));
                }
            });
            pool.shutdown();
            r.stop();
            r.dump(file);
        }
        jfr = Files.readAllBytes(file);
    }

    static Path recording(String name, boolean withSamples, boolean sampleInfo) throws Exception {
        return recording(name, withSamples, sampleInfo, true);
    }

    static Path recording(String name, boolean withSamples, boolean sampleInfo, boolean end) throws Exception {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            RecordingWriter w = new RecordingWriter(out);
            w.info(sampleInfo ? Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "cilkview", "sample", "true",
                    "sample.period.ms", "5") : Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "cilkview"));
            w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 3, 3, true));
            if (withSamples) {
                w.samples(jfr);
            }
            if (end) {
                w.endOfRecording();
            }
        }
        return file;
    }

    @Test
    void topDownShowsTheHotFrameBelowTheTaskAndSaysHowItWasMade() throws Exception {
        Path file = recording("td.fsk", true, true);
        CliRunner.Result r = CliRunner.run("contexts", file.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("samples: ", "jdk.ExecutionSample every 5 ms", "ForkJoinPool-",
                "idleness: estimated per sample", "P = 2", "physical stacks cut at the pool's run loop",
                "effort%", "forkscopeit.contexts.ContextSpin.hot");
        // the hot frame hangs below the task's own frames, not below the pool's run loop
        String[] lines = r.out().split("\n");
        int hot = -1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].endsWith("forkscopeit.contexts.ContextSpin.hot")) {
                hot = i;
                break;
            }
        }
        assertThat(hot).as(r.out()).isPositive();
        assertThat(r.out()).doesNotContain("ForkJoinWorkerThread.run", "ForkJoinPool.runWorker");
    }

    @Test
    void bottomUpFlatCollapsedAndJson() throws Exception {
        Path file = recording("views.fsk", true, true);
        CliRunner.Result bottomUp = CliRunner.run("contexts", file.toString(), "--bottom-up");
        assertThat(bottomUp.exitCode()).as(bottomUp.err()).isZero();
        assertThat(bottomUp.out()).contains("bottom-up").contains("ContextSpin.hot");

        CliRunner.Result flat = CliRunner.run("contexts", file.toString(), "--flat", "--top", "0");
        assertThat(flat.exitCode()).as(flat.err()).isZero();
        assertThat(flat.out()).contains("ContextSpin.hot", "frame");

        CliRunner.Result collapsed = CliRunner.run("contexts", file.toString(), "--collapsed");
        assertThat(collapsed.exitCode()).as(collapsed.err()).isZero();
        assertThat(collapsed.out().lines()).allMatch(l -> l.matches("\\S+ \\d+"));
        assertThat(collapsed.out().lines()).anyMatch(l -> l.contains("ContextSpin$1.compute;forkscopeit.contexts.ContextSpin.hot "));

        CliRunner.Result idle = CliRunner.run("contexts", file.toString(), "--collapsed", "--metric", "idleness");
        assertThat(idle.exitCode()).as(idle.err()).isZero();

        CliRunner.Result json = CliRunner.run("contexts", file.toString(), "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("idleness").asText()).isEqualTo("estimated");
        assertThat(j.at("/samples/event").asText()).isEqualTo("jdk.ExecutionSample");
        assertThat(j.at("/samples/count").asLong()).isPositive();
        // Estimated: every sample of a program thread, or of a worker inside a task, is one period (5 ms)
        // of work or overhead; a worker's sample in a task adds (P - n_working) / n_working periods of
        // idleness, at P = 2 none or one period. Counted here from the JFR file itself.
        long[] counted = countSamples(jfr);
        long period = 5_000_000L;
        long work = j.at("/totals/work_ns").asLong();
        long idleness = j.at("/totals/idleness_ns").asLong();
        long effort = j.at("/totals/effort_ns").asLong();
        assertThat(counted[1]).as("worker samples in tasks").isPositive();
        assertThat(work + j.at("/totals/overhead_ns").asLong()).as("work + overhead = samples x period")
                .isEqualTo(period * counted[0]);
        assertThat(idleness % period).as("idleness in whole periods at P = 2").isZero();
        assertThat(idleness).isLessThanOrEqualTo(period * counted[1]);
        // Σ exclusive over the nodes = the totals
        long sum = 0;
        for (JsonNode n : j.get("nodes")) {
            sum += n.at("/exclusive/effort_ns").asLong();
        }
        assertThat((double) sum).isCloseTo(effort, org.assertj.core.data.Offset.offset(j.get("nodes").size() + 1.0));
        boolean hot = false;
        for (JsonNode f : j.get("flat")) {
            hot |= f.get("method").asText().equals("hot") && f.at("/inclusive/work_ns").asLong() > 0;
        }
        assertThat(hot).as(json.out()).isTrue();
    }

    /** An incomplete recording follows the common rules: its warning first on stderr, then the views, marked in JSON. */
    @Test
    void anIncompleteRecordingSaysSoFirst() throws Exception {
        Path file = recording("open.fsk", true, true, false);
        CliRunner.Result r = CliRunner.run("contexts", file.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).startsWith("forkscope: warning: " + file + ": the recording has no end block");
        assertThat(r.out()).contains("ContextSpin.hot");
        CliRunner.Result json = CliRunner.run("contexts", file.toString(), "--json");
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.get("complete").asBoolean()).isFalse();
        assertThat(j.get("warnings").get(0).asText()).contains("no end block");
    }

    @Test
    void aRecordingWithoutSamplesIsOneLineAndExitTwo() throws Exception {
        Path file = recording("none.fsk", false, false);
        CliRunner.Result r = CliRunner.run("contexts", file.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("forkscope: " + file
                + " has no samples: record it with `forkscope record --sample`");
    }

    @Test
    void sampledButCutBeforeTheSamplesSaysSo() throws Exception {
        Path file = recording("cut.fsk", false, true);
        CliRunner.Result r = CliRunner.run("contexts", file.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("was recorded with --sample but holds no samples");
    }

    @Test
    void metricWithoutCollapsedAndUnknownValuesAreUserErrors() throws Exception {
        Path file = recording("err.fsk", true, true);
        assertThat(CliRunner.run("contexts", file.toString(), "--metric", "idleness").exitCode()).isEqualTo(2);
        assertThat(CliRunner.run("contexts", file.toString(), "--collapsed", "--metric", "span").exitCode()).isEqualTo(2);
        assertThat(CliRunner.run("contexts", file.toString(), "--event", "wall").exitCode()).isEqualTo(2);
        assertThat(CliRunner.run("contexts", file.toString(), "--flat", "--json").exitCode()).isEqualTo(2);
    }

    /**
     * From the JFR file: {samples the estimate counts (program threads, and workers inside a task),
     * of those the workers' samples inside a task}; JFR's and forkscope's threads left out.
     */
    static long[] countSamples(byte[] jfrBytes) throws Exception {
        Path f = dir.resolve("count.jfr");
        Files.write(f, jfrBytes);
        long counted = 0;
        long inTasks = 0;
        for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(f)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            jdk.jfr.consumer.RecordedThread t = e.getThread("sampledThread");
            String name = t == null || t.getJavaName() == null ? "" : t.getJavaName();
            if (name.startsWith("JFR ") || name.startsWith("forkscope-")) {
                continue;
            }
            var frames = e.getStackTrace().getFrames();
            boolean worker = name.contains("ForkJoinPool") && name.contains("worker");
            boolean inTask = frames.stream().anyMatch(fr -> fr.getMethod().getName().equals("doExec")
                    && fr.getMethod().getType().getName().equals("java.util.concurrent.ForkJoinTask"));
            if (!worker || inTask) {
                counted++;
            }
            if (worker && inTask) {
                inTasks++;
            }
        }
        return new long[] {counted, inTasks};
    }
}
