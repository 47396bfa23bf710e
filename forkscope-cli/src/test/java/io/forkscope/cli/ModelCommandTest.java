package io.forkscope.cli;

import static io.forkscope.cli.UserErrorsTest.assertOneLineUserError;
import static io.forkscope.cli.UserErrorsTest.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.report.model.IndexRow;
import io.forkscope.report.model.SweepIndex;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * sweep and model in this JVM: fit, predict and check on an index written here (no program runs),
 * and every bad input as one line naming the problem and the file, exit 2, nothing written.
 */
class ModelCommandTest {
    private static final String RUNS = "sh -c touch_{dir}/ran";

    @TempDir
    Path dir;

    private Path runs;

    /** An index of a plausible program: T1' = 1e6 + 50 n, 2% more work per extra worker, no-work growing with p. */
    @BeforeEach
    void index() throws Exception {
        runs = Files.createDirectories(dir.resolve("runs"));
        List<IndexRow> rows = new ArrayList<>();
        for (long n : new long[] {1000, 2000, 4000, 8000}) {
            for (int p = 1; p <= 3; p++) {
                long serial = 1_000_000 + 50 * n;
                long work = serial + serial * (p - 1) / 50;
                long creates = n / 10;
                long delay = creates * (400 + 100L * (p - 1));
                long noWork = (long) (p - 1) * (p - 1) * (20_000 + 3 * n);
                long slot = work + delay + noWork;
                rows.add(new IndexRow(n, p, 1, "n" + n + "-p" + p + "-t1.fsk", creates, creates, work, delay, noWork, 0, 0,
                        slot / p, 200_000 + 10 * n, p, slot, OptionalLong.of(serial), p, true));
            }
        }
        StringWriter w = new StringWriter();
        SweepIndex.write(rows, w);
        Files.writeString(runs.resolve(SweepIndex.FILE_NAME), w.toString());
    }

    @Test
    void fitPrintsEveryCoefficientAndWritesAModelThatPredictAndCheckRead() throws Exception {
        Path model = dir.resolve("m.json");
        CliRunner.Result fit = CliRunner.run("model", "fit", runs.toString(), "-o", model.toString());
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        for (String c : List.of("b1 = ", "b7 = ", "a1 = ", "a2 = ", "d0 = ", "d1 = ", "d5 = ", "e0 = ", "e1 = ", "e5 = ", "c1 = ", "c6 = ",
                "f1 = ", "f4 = ", "s1 = ", "s9 = ", "h1 = ", "h4 = ")) {
            assertThat(fit.out()).contains(c);
        }
        assertThat(fit.out()).contains("training error: median", "with no_work of Eq. 15", "with no_work from the span");
        assertThat(fit.out().lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
        assertThat(fit.err()).contains("the model is in " + model);

        CliRunner.Result predict = CliRunner.run("model", "predict", model.toString(), "--n", "64000", "-p", "32",
                "--json");
        assertThat(predict.exitCode()).as(predict.err()).isZero();
        JsonNode q = new ObjectMapper().readTree(predict.out());
        assertThat(q.get("extrapolation").asText()).contains("n 64000 is 8.0x the largest trained n (8000)",
                "p 32 is 10.7x the largest trained p (3)");
        for (String[] keys : new String[][] {{"no_work_ns", "time_ns"}, {"no_work_span_ns", "time_span_ns"}}) {
            long sum = q.get("work_ns").asLong() + q.get("delay_ns").asLong() + q.get(keys[0]).asLong();
            assertThat((double) sum).isCloseTo(32.0 * q.get(keys[1]).asLong(), org.assertj.core.data.Offset.offset(48.0));
        }
        CliRunner.Result text = CliRunner.run("model", "predict", model.toString(), "--n", "4000", "-p", "2");
        assertThat(text.out()).contains("time (Eq. 9)").doesNotContain("extrapolation");

        CliRunner.Result check = CliRunner.run("model", "check", model.toString(), runs.toString(), "--json");
        assertThat(check.exitCode()).as(check.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(check.out());
        assertThat(c.get("runs")).hasSize(12);
        assertThat(c.get("errors").get("time").get("runs").asInt()).isEqualTo(12);
        assertThat(c.get("errors").get("no_work").get("runs").asInt()).isEqualTo(8);   // p = 1 has none
        CliRunner.Result table = CliRunner.run("model", "check", model.toString(), runs.toString());
        assertThat(table.out()).contains("time (Eq. 15 no-work)", "time (span no-work)", "median");
    }

    /**
     * --exponential takes a B only when one follows: before DIR it leaves DIR alone (b fitted), after it
     * 1.5 is b; --cv, --trials and --bases reach the fit and its file.
     */
    @Test
    void theFitsOptionsReachTheModel() throws Exception {
        List<IndexRow> rows = new ArrayList<>();
        for (long n = 30; n <= 33; n++) {
            for (int p = 1; p <= 2; p++) {
                for (int t = 1; t <= 3; t++) {
                    long serial = (long) (1e3 * Math.pow(1.5, n)) + 1000L * t;
                    long work = serial + (p - 1) * serial / 50;
                    long creates = (long) Math.pow(1.5, n) / 1000;
                    long delay = creates * 300 * p;
                    long slot = work + delay;
                    rows.add(new IndexRow(n, p, t, "n" + n + "-p" + p + "-t" + t + ".fsk", creates, creates, work, delay,
                            0, 0, 0, slot / p, 100_000, p, slot, OptionalLong.of(serial), 2, true));
                }
            }
        }
        Path exp = Files.createDirectories(dir.resolve("exp"));
        StringWriter w = new StringWriter();
        SweepIndex.write(rows, w);
        Files.writeString(exp.resolve(SweepIndex.FILE_NAME), w.toString());

        Path fitted = dir.resolve("fitted.json");
        CliRunner.Result fit = CliRunner.run("model", "fit", "--exponential", exp.toString(), "-o", fitted.toString());
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.out().replaceAll("\\s+", " ")).contains("b = 1.5 fitted from T1'(n)",
                "forward chaining in n", "the median of its trials'");
        JsonNode m = new ObjectMapper().readTree(Files.readString(fitted));
        assertThat(m.get("base").asDouble()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(m.get("validation").asText()).isEqualTo("forward");
        assertThat(m.get("training").get("trials_kept").asText()).isEqualTo("median");

        Path given = dir.resolve("given.json");
        fit = CliRunner.run("model", "fit", exp.toString(), "--exponential", "1.5", "--cv", "groups", "--trials", "all",
                "--bases", "1, n", "-o", given.toString());
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.out().replaceAll("\\s+", " ")).contains("b = 1.5 (given)", "leave-one-n-out");
        assertThat(fit.out()).contains("= b1 + b2 n\n");
        m = new ObjectMapper().readTree(Files.readString(given));
        assertThat(m.get("base").asDouble()).isEqualTo(1.5);
        assertThat(m.get("validation").asText()).isEqualTo("groups");
        assertThat(m.get("training").get("trials_kept").asText()).isEqualTo("all");
        assertThat(m.get("components").get("serial_work").get("bases").toString()).isEqualTo("[\"1\",\"n\"]");

        CliRunner.Result predict = CliRunner.run("model", "predict", given.toString(), "--n", "36", "-p", "2");
        assertThat(predict.exitCode()).as(predict.err()).isZero();
        assertThat(predict.out()).contains("n 36 is 3 beyond the largest trained n (33), a size 1.5^3 = 3.4x larger");
        fit = CliRunner.run("model", "fit", exp.toString(), "--exponential=1.5", "--json");
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(new ObjectMapper().readTree(fit.out()).get("base").asDouble()).isEqualTo(1.5);

        // counts: b from create_task(n) (1.5^n / 1000, truncated), T1' in 1 and s; before DIR it leaves DIR alone
        Path counts = dir.resolve("counts.json");
        fit = CliRunner.run("model", "fit", "--exponential", "counts", exp.toString(), "-o", counts.toString());
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.out().replaceAll("\\s+", " ")).contains("fitted from create_task(n)", "for T1'(n) as for the task counts");
        assertThat(fit.out()).contains("= b1 + b2 n\n");
        assertThat(fit.err()).doesNotContain("warning");
        m = new ObjectMapper().readTree(Files.readString(counts));
        // 191, 287, 431, 646 tasks (the division truncates): b 1.5016
        assertThat(m.get("base").asDouble()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(2e-3));
        assertThat(m.get("count_base").asDouble()).isEqualTo(m.get("base").asDouble());
        predict = CliRunner.run("model", "check", counts.toString(), exp.toString());
        assertThat(predict.exitCode()).as(predict.err()).isZero();
    }

    /**
     * --exponential counts on a depth cut-off's runs (work 4^n, tasks 1.5^n: each task's work grows 8/3 a
     * step; 2.66 with the counts truncated to whole tasks) fits, and warns on stderr that the work per task is not constant.
     */
    @Test
    void bFromTheCountsWarnsWhereTheWorkPerTaskGrows() throws Exception {
        List<IndexRow> rows = new ArrayList<>();
        for (long n = 10; n <= 12; n++) {
            for (int p = 1; p <= 2; p++) {
                long serial = (long) (3e3 * Math.pow(4, n));
                long creates = (long) (7 * Math.pow(1.5, n));
                long delay = creates * 300 * p;
                long slot = serial + delay;
                rows.add(new IndexRow(n, p, 1, "n" + n + "-p" + p + "-t1.fsk", creates, creates, serial, delay,
                        0, 0, 0, slot / p, 100_000, p, slot, OptionalLong.of(serial), 2, true));
            }
        }
        Path deep = Files.createDirectories(dir.resolve("deep"));
        StringWriter w = new StringWriter();
        SweepIndex.write(rows, w);
        Files.writeString(deep.resolve(SweepIndex.FILE_NAME), w.toString());
        CliRunner.Result fit = CliRunner.run("model", "fit", deep.toString(), "--exponential", "counts");
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.err()).contains("warning: T1' per task changed 2.66x a step of n", "--exponential alone");
        fit = CliRunner.run("model", "fit", deep.toString(), "--exponential");
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.err()).doesNotContain("warning");
    }

    @Test
    void fitJsonIsTheModelFile() throws Exception {
        Path model = dir.resolve("m.json");
        CliRunner.Result fit = CliRunner.run("model", "fit", runs.toString(), "-o", model.toString(), "--json");
        assertThat(fit.exitCode()).as(fit.err()).isZero();
        assertThat(fit.out()).isEqualTo(Files.readString(model));
        JsonNode m = new ObjectMapper().readTree(fit.out());
        assertThat(m.get("format").asText()).isEqualTo("forkscope-model");
        m.get("components").forEach(comp -> comp.get("coefficients").forEach(v ->
                assertThat(v.asDouble()).isGreaterThanOrEqualTo(0)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "model fit {dir}/nothing|{dir}/nothing: no such directory",
        "model fit {dir}|{dir}/index.csv: no such file",
        "model fit {dir}/bench.csv|{dir}/bench.csv: not a sweep index",
        "model fit {runs} -o {dir}/existing.json|{dir}/existing.json: exists; use --force",
        "model fit {dir}/empty|{dir}/empty/index.csv: no run to fit (the index is empty)",
        "model predict {dir}/delays.json --n 10 -p 2|{dir}/delays.json: not a forkscope model",
        "model predict {dir}/bench.csv --n 10 -p 2|{dir}/bench.csv: not JSON, so not a forkscope model",
        "model predict {dir}/none.json --n 10 -p 2|{dir}/none.json: no such file",
        "model predict {dir}/existing.json --n 10 -p 0|-p must be at least 1, not 0",
        "model predict {dir}/existing.json --n -5 -p 2|--n must be a problem size of 0 or more, not -5.0",
        "model predict {dir}/existing.json -p 2|Missing required option: '--n=N'",
        "model check {dir}/delays.json {runs}|{dir}/delays.json: not a forkscope model",
        "model frob|unexpected argument 'frob' (see: forkscope model --help)",
        "model fit --frob {runs}|Unknown option: '--frob' (see: forkscope model fit --help)",
        "model fit {runs} --cv sideways|--cv: unknown validation 'sideways' (one of forward, groups, rows)",
        "model fit {runs} --trials some|--trials: unknown trials 'some' (one of all, median, fastest)",
        "model fit {runs} --trials all --fastest-trial|--fastest-trial and --trials all contradict each other",
        "model fit {runs} --bases n_ln_n|--bases: cannot read the basis 'n ln n'",
        "model fit {runs} --bases n,n|--bases: the basis 'n' is given twice",
        "model fit {runs} --exponential 0.5|--exponential 0.5: the base must be a number above 1",
        "model fit {runs} --exponential 2|{runs}/index.csv: the bases at n 8000.0 are beyond the range of numbers",
        "model fit --exponential {dir}/flat|{dir}/flat/index.csv: T1' does not grow with n",
        "model fit --exponential counts {dir}/flat|{dir}/flat/index.csv: the task counts do not grow with n",
        "sweep --n 1000,x -p 1,2 -o {dir}/s -- " + RUNS + "_{n}|--n needs whole problem sizes of 0 or more",
        "sweep --n 1000 -p 0 -o {dir}/s -- " + RUNS + "_{n}|-p needs worker counts from 1",
        "sweep --n 1000 -p 1 --trials 0 -o {dir}/s -- " + RUNS + "_{n}|--trials must be at least 1",
        "sweep --n 1000 -p 1 -o {dir}/s -- " + RUNS + "|the command has no {n}",
        "sweep --n 1000 -p 1 -o {dir}/s " + RUNS + "_{n}|put -- before the command to sweep: forkscope sweep [options] -- sh ...",
        "sweep --n 1000 -p 1 -o {dir}/missing/s -- " + RUNS + "_{n}|{dir}/missing/s",
        "sweep --n 1000 -p 1 -o {dir}/old -- " + RUNS + "_{n}|{dir}/old/n1000-p1-t1.fsk: exists and no index.csv",
        "sweep --n 1000 -p 1 -o {runs} -- " + RUNS + "_{n}|{runs}/index.csv: indexes runs of another command",
    })
    void aBadInputIsOneLineNamingItsFile(String command, String message) throws Exception {
        Files.writeString(dir.resolve("existing.json"), "the user's");
        Files.writeString(dir.resolve("bench.csv"), "region,p,trial,time_ns\nx,1,1,5\n");
        Files.writeString(dir.resolve("delays.json"), "{\"file\": \"run.fsk\", \"work_ns\": 5}\n");
        Files.createDirectories(dir.resolve("empty"));
        Files.writeString(dir.resolve("empty").resolve(SweepIndex.FILE_NAME), SweepIndex.HEADER + "\n");
        Files.createDirectories(dir.resolve("old"));
        Files.writeString(dir.resolve("old").resolve("n1000-p1-t1.fsk"), "a recording of before");
        Files.writeString(runs.resolve(SweepCommand.COMMAND_FILE), "java -cp app.jar Other {n}\n");
        Files.createDirectories(dir.resolve("flat"));
        List<IndexRow> flat = new ArrayList<>();
        for (long n : new long[] {30, 31}) {
            flat.add(new IndexRow(n, 1, 1, "n" + n + "-p1-t1.fsk", 9, 9, 5_000_000, 0, 0, 0, 0, 5_000_000, 1000, 1,
                    5_000_000, OptionalLong.of(5_000_000), 1, true));
        }
        StringWriter fw = new StringWriter();
        SweepIndex.write(flat, fw);
        Files.writeString(dir.resolve("flat").resolve(SweepIndex.FILE_NAME), fw.toString());
        Map<Path, String> before = snapshot(dir);
        List<String> args = new ArrayList<>();
        for (String a : command.split(" ")) {
            args.add(a.replace("{runs}", runs.toString()).replace("{dir}", dir.toString()).replace('_', ' '));
        }
        CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
        assertOneLineUserError(r, message.replace("{runs}", runs.toString()).replace("{dir}", dir.toString()));
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    @Test
    void modelAloneShowsItsUsage() {
        CliRunner.Result r = CliRunner.run("model");
        assertThat(r.exitCode()).isEqualTo(Main.USER_ERROR);
        assertThat(r.err()).contains("Usage: forkscope model", "fit", "predict", "check");
        for (String sub : List.of("fit", "predict", "check")) {
            CliRunner.Result h = CliRunner.run("model", sub, "--help");
            assertThat(h.exitCode()).isZero();
            assertThat(h.out()).startsWith("Usage: forkscope model " + sub + " ");
        }
    }
}
