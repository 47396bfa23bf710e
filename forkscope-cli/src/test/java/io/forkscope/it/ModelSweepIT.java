package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.report.model.IndexRow;
import io.forkscope.report.model.SweepIndex;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sweep, model fit, predict and check end to end on a bundled program (fib at n 18..21, p 1 and 2,
 * one trial: seconds in all): the index holds the grid in trial-major order with DAG statistics
 * that add up, a sweep cut short resumes without recording again what it has, and the model's
 * coefficients are non-negative and its prediction's components add up to its time. No accuracy or
 * timing is asserted: the machine has 2 cores and is often loaded.
 */
class ModelSweepIT {
    @Test
    void sweepFitPredictCheck(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        String[] sweep = {"sweep", "--n", "18,19,20,21", "-p", "1,2", "--trials", "1", "-o", runs.toString(), "--",
                          CliIT.java(), "-cp", CliIT.cp(), SampleMain.class.getName(), "fib", "--n", "{n}", "--cutoff",
                          "10"};
        CliRunner.Result r = CliRunner.run(sweep);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("8 runs (4 n x 2 p x 1 trial(s))", "(8 recorded now)");
        Path index = runs.resolve(SweepIndex.FILE_NAME);
        List<IndexRow> rows = SweepIndex.read(index);
        assertThat(rows).extracting(IndexRow::key).containsExactly("18/1/1", "18/2/1", "19/1/1", "19/2/1", "20/1/1",
                "20/2/1", "21/1/1", "21/2/1");
        for (IndexRow row : rows) {
            assertThat(runs.resolve(row.file())).exists();
            assertThat(row.createTask()).isPositive();
            assertThat(row.work()).isPositive();
            // Delay Spotter's identity, to rounding: work + not running + forkscope + delay + no-work = slot time,
            // where the index's work is T1, the DAG's, which also holds what ran beyond the slots (main helping
            // while both workers run): never less. Eq. 9's: T1 + the model's delay + no-work = slot time.
            assertThat((double) row.work() + row.notRunning() + row.forkscope() + row.delay() + row.noWork())
                    .isGreaterThanOrEqualTo(row.slotTime() - 5.0);
            assertThat(row.work() + row.modelDelay() + row.noWork()).isEqualTo(row.slotTime());
            long serial = rows.stream().filter(x -> x.n() == row.n() && x.p() == 1).findFirst().orElseThrow().work();
            assertThat(row.serialWork()).hasValue(serial);
        }
        // the same fib(n) at every p: its task counts depend on n alone
        assertThat(rows.get(0).createTask()).isEqualTo(rows.get(1).createTask());

        // cut short after five runs (the sixth's file left behind, as a killed run leaves it): resumes
        Files.writeString(index, SweepIndex.HEADER + "\n" + String.join("", rows.subList(0, 5).stream()
                .map(SweepIndex::row).toList()));
        Files.delete(runs.resolve(rows.get(6).file()));
        List<FileTime> before = new ArrayList<>();
        for (IndexRow row : rows.subList(0, 5)) {
            before.add(Files.getLastModifiedTime(runs.resolve(row.file())));
        }
        r = CliRunner.run(sweep);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("5 already in", "(3 recorded now)");
        List<IndexRow> resumed = SweepIndex.read(index);
        assertThat(resumed.subList(0, 5)).isEqualTo(rows.subList(0, 5));
        assertThat(resumed).extracting(IndexRow::key).containsExactlyElementsOf(rows.stream().map(IndexRow::key).toList());
        for (int i = 0; i < 5; i++) {
            assertThat(Files.getLastModifiedTime(runs.resolve(rows.get(i).file()))).isEqualTo(before.get(i));
        }
        r = CliRunner.run(sweep);
        assertThat(r.err()).contains("(0 recorded now)");

        // fit (keeping runs the loaded machine stopped), predict beyond the grid, check; b given: whole runs of
        // fib 18..21 are mostly the JVM's start, whose work need not grow with n, and b could not be fitted
        Path model = dir.resolve("fib-model.json");
        r = CliRunner.run("model", "fit", runs.toString(), "--exponential", "2", "--keep-noisy", "-o",
                model.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("b1 = ", "h4 = ", "with no_work from the span");
        JsonNode m = new ObjectMapper().readTree(model.toFile());
        assertThat(m.get("training").get("runs").asInt()).isEqualTo(8);
        m.get("components").forEach(c -> c.get("coefficients").forEach(v -> assertThat(v.asDouble())
                .as(c.get("name").asText()).isGreaterThanOrEqualTo(0)));

        r = CliRunner.run("model", "predict", model.toString(), "--n", "24", "-p", "4", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode q = new ObjectMapper().readTree(r.out());
        assertThat(q.get("extrapolation").asText()).contains("n 24 is 3 beyond the largest trained n (21)",
                "p 4 is 2.0x the largest trained p (2)");
        long eq15 = q.get("work_ns").asLong() + q.get("delay_ns").asLong() + q.get("no_work_ns").asLong();
        long span = q.get("work_ns").asLong() + q.get("delay_ns").asLong() + q.get("no_work_span_ns").asLong();
        assertThat((double) eq15).isCloseTo(4.0 * q.get("time_ns").asLong(), org.assertj.core.data.Offset.offset(6.0));
        assertThat((double) span).isCloseTo(4.0 * q.get("time_span_ns").asLong(),
                org.assertj.core.data.Offset.offset(6.0));

        r = CliRunner.run("model", "check", model.toString(), runs.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode check = new ObjectMapper().readTree(r.out());
        assertThat(check.get("runs")).hasSize(8);
        assertThat(check.get("errors").get("time").get("runs").asInt()).isEqualTo(8);
    }

    /**
     * --region: each row holds the statistics of the region's last occurrence (fib repeats its kernel
     * after a warm-up and measures each repetition in a region 'fib'): its elapsed is that
     * occurrence's, its work at most the whole run's; the region is part of the sweep's identity, and a
     * label the program does not use stops the sweep naming it.
     */
    @Test
    void aRegionSweepIndexesTheRegionsLastOccurrence(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        String[] sweep = {"sweep", "--region", "fib", "--n", "18,19", "-p", "1,2", "--trials", "1", "-o",
                          runs.toString(), "--", CliIT.java(), "-cp", CliIT.cp(), SampleMain.class.getName(), "fib",
                          "--n", "{n}", "--cutoff", "10", "--warmup", "1", "--repeat", "2"};
        CliRunner.Result r = CliRunner.run(sweep);
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<IndexRow> rows = SweepIndex.read(runs.resolve(SweepIndex.FILE_NAME));
        assertThat(rows).hasSize(4);
        for (IndexRow row : rows) {
            io.forkscope.model.Recording rec = io.forkscope.model.RecordingReader.read(runs.resolve(row.file()));
            List<io.forkscope.model.RegionRecord> fib = rec.regions().stream().filter(x -> x.label().equals("fib"))
                    .toList();
            assertThat(fib).hasSize(2);
            assertThat(row.elapsed()).isEqualTo(fib.get(1).measures().elapsedNs());
            long whole = rec.recordedDag().orElseThrow().nodes().stream().mapToLong(n -> n.work()).sum();
            assertThat(row.work()).isPositive().isLessThan(whole);
            assertThat(row.work() + row.modelDelay() + row.noWork()).isEqualTo(row.slotTime());
        }
        assertThat(Files.readString(runs.resolve("sweep-command.txt"))).startsWith("--region fib -- ");
        String[] other = sweep.clone();
        other[2] = "kernel";
        r = CliRunner.run(other);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("indexes runs of another command (--region fib -- ");
        other[other.length - 15] = dir.resolve("runs2").toString();
        r = CliRunner.run(other);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("n18-p1-t1.fsk has no region 'kernel' (its regions: fib); not indexed");
    }

    /**
     * --dag-max-nodes goes to each run's recorder; a budget that the warm-up fills ends the DAG's
     * window before the region ends, and that run is a failed one naming the fix, not a row with the
     * statistics of a part of the region (the model's sparselu check at n 112 lost its runs this way).
     * Without a bound (0) the same sweep indexes every run.
     */
    @Test
    void aBudgetThatEndsBeforeTheRegionIsAFailedRunNamingTheFix(@TempDir Path dir) throws Exception {
        String[] sweep = {"sweep", "--region", "fib", "--no-collapse", "--dag-max-nodes", "200", "--n", "16", "-p", "1",
                          "--trials", "1", "-o", dir.resolve("small").toString(), "--", CliIT.java(), "-cp", CliIT.cp(),
                          SampleMain.class.getName(), "fib", "--n", "{n}", "--cutoff", "2", "--warmup", "2"};
        CliRunner.Result r = CliRunner.run(sweep);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("n16-p1-t1.fsk: the DAG's budget ended its window before the end of region 'fib'")
                .contains("--dag-max-nodes 0");
        assertThat(SweepIndex.read(dir.resolve("small").resolve(SweepIndex.FILE_NAME))).isEmpty();
        sweep[5] = "0";
        sweep[13] = dir.resolve("whole").toString();
        r = CliRunner.run(sweep);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(SweepIndex.read(dir.resolve("whole").resolve(SweepIndex.FILE_NAME))).hasSize(1);
        assertThat(CliRunner.run("sweep", "--dag-max-nodes", "-2", "--n", "1", "-p", "1", "--", "x", "{n}").err())
                .contains("--dag-max-nodes is a count of nodes (0: no bound), not -2");
        assertThat(CliRunner.run("sweep", "--dag-max-nodes", "-1", "--n", "1", "-p", "1", "--", "x", "{n}").err())
                .contains("--dag-max-nodes is a count of nodes (0: no bound), not -1");
    }

    @Test
    void aFailingProgramStopsTheSweepNamingItsCommandAndCode(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        CliRunner.Result r = CliRunner.run("sweep", "--n", "5", "-p", "1", "--trials", "1", "-o", runs.toString(), "--",
                "sh", "-c", "exit 3", "{n}");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err().lines().filter(l -> l.startsWith("forkscope: ")).toList()).singleElement().asString()
                .contains("the run n 5, p 1, trial 1 (sh -c 'exit 3' 5) exited with code 3");
        assertThat(SweepIndex.read(runs.resolve(SweepIndex.FILE_NAME))).isEmpty();
        assertThat(runs.resolve("n5-p1-t1.fsk")).doesNotExist();
    }
}
