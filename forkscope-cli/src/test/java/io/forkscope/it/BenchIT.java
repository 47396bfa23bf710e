package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.BenchPrograms;
import io.forkscope.report.bench.BenchCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** forkscope bench end to end: P really applied, CSV and table agree, Ctrl-C keeps finished rows, errors. */
class BenchIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void everyPoolGetsPWorkers(String java, @TempDir Path dir) throws Exception {
        Path csv = dir.resolve("pools.csv");
        CliRunner.Result r = CliRunner.run("bench", "-p", "1,2,3", "--trials", "1", "-o", csv.toString(), "--", java,
                "-cp", CliIT.cp(), BenchPrograms.class.getName(), "pools");
        assertThat(r.exitCode()).as(r.err()).isZero();
        String log = Files.readString(dir.resolve("pools.log"));
        for (int p = 1; p <= 3; p++) {
            String run = log.substring(log.indexOf("### forkscope bench: P=" + p + " "));
            assertThat(run).as(log).contains("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + p)
                    .contains("pools default=" + p + " seven=" + p + " full=" + p + " common=" + p);
        }
        List<Measurement> rows = BenchCsv.read(csv);
        assertThat(rows).extracting(Measurement::region).containsOnly("pools");
        assertThat(rows).extracting(Measurement::p).containsExactly(1, 2, 3);
        int cores = Runtime.getRuntime().availableProcessors();
        boolean taskset = Files.isExecutable(Path.of("/usr/bin/taskset"));
        for (Measurement m : rows) {
            assertThat(m.pinned()).isEqualTo(taskset && m.p() <= cores);
            assertThat(m.cpus()).isEqualTo(m.pinned() ? m.p() : cores);
        }
        if (taskset && cores < 3) {
            assertThat(log).contains("taskset -c 0 ").contains("taskset -c 0-1 ");
            assertThat(r.err()).contains("P = 3 cannot run on cores of its own");
            assertThat(r.out()).contains("3 2 unpinned").doesNotContain("predicted");
        }
    }

    @Test
    void theTableSaysWhatTheCsvHolds(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("slow.csv");
        CliRunner.Result r = CliRunner.run("bench", "-p", "1,2", "--trials", "2", "--repeat", "3", "-o", csv.toString(),
                "--", CliIT.java(), "-cp", CliIT.cp(), BenchPrograms.class.getName(), "slow", "20", "{repeat}");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("[4/4]", "median of 2, 1 warm-up").doesNotContain("warning");
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo(BenchCsv.HEADER);
        assertThat(lines).hasSize(5);
        Map<Integer, List<Long>> byP = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            assertThat(f[0]).isEqualTo("slow");
            assertThat(f[4]).isEqualTo("2");   // kept repetitions
            assertThat(f[5]).isEqualTo("1");   // warm-up dropped
            byP.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>()).add(Long.parseLong(f[3]));
        }
        double base = median(byP.get(1));
        for (Map.Entry<Integer, List<Long>> e : byP.entrySet()) {
            double med = median(e.getValue());
            long min = e.getValue().stream().mapToLong(x -> x).min().orElseThrow();
            long max = e.getValue().stream().mapToLong(x -> x).max().orElseThrow();
            String row = r.out().lines().filter(l -> l.trim().startsWith(e.getKey() + " ")).findFirst().orElseThrow();
            assertThat(row).contains(String.format(Locale.ROOT, "%.2f ms", med / 1e6),
                    String.format(Locale.ROOT, "%.2f ms", min / 1e6), String.format(Locale.ROOT, "%.2f ms", max / 1e6),
                    String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", base / med, base / max, base / min));
            // the sweep's end rewrote every row with its point's spread and whether it is over 10%
            double spread = (max - min) / med;
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                if (Integer.parseInt(f[1]) == e.getKey()) {
                    assertThat(f).hasSize(13);
                    assertThat(Double.parseDouble(f[11])).isCloseTo(spread, org.assertj.core.api.Assertions.within(1e-4));
                    assertThat(f[12]).isEqualTo(Boolean.toString(spread > 0.10));
                    assertThat(row.contains(" !")).isEqualTo(spread > 0.10);
                }
            }
        }
        if (Files.isReadable(Path.of("/proc/stat"))) {
            // every run's load was measured: the share of the cores others used, and the machine's cores
            assertThat(BenchCsv.read(csv)).allSatisfy(m -> {
                assertThat(m.load().othersKnown()).isTrue();
                assertThat(m.load().cpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
            });
            assertThat(r.err()).contains("others used ");
        }
    }

    @Test
    void ctrlCKeepsTheRowsOfFinishedRuns(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("long.csv");
        Path err = dir.resolve("err.txt");
        List<String> cmd = new ArrayList<>(DefaultSignals.restoring(List.of(), "INT"));
        cmd.addAll(List.of(CliIT.java(), "-jar", ChildJvm.jar().toString(), "bench", "-p", "1,2", "--trials",
                "100", "-o", csv.toString(), "--", CliIT.java(), "-cp", CliIT.cp(), BenchPrograms.class.getName(),
                "slow", "100", "1"));
        Process bench = new ProcessBuilder(cmd).redirectErrorStream(false).redirectError(err.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        assumeSigintReaches(bench);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (dataRows(csv) < 2 && System.nanoTime() < deadline && bench.isAlive()) {
            Thread.sleep(50);
        }
        assertThat(dataRows(csv)).as(Files.exists(err) ? Files.readString(err) : "").isGreaterThanOrEqualTo(2);
        List<ProcessHandle> children = bench.descendants().toList();
        new ProcessBuilder("kill", "-INT", Long.toString(bench.pid())).start().waitFor();
        assertThat(bench.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(bench.exitValue()).isEqualTo(130);
        String text = Files.readString(csv);
        assertThat(text).endsWith("\n");
        List<Measurement> rows = BenchCsv.read(csv);
        assertThat(rows.size()).isGreaterThanOrEqualTo(2).isEqualTo(text.split("\n").length - 1);
        assertThat(rows).allSatisfy(m -> assertThat(m.region()).isEqualTo("slow"));
        assertThat(Files.readString(err)).contains("interrupted; the " + rows.size() + " rows of the runs that finished are in " + csv);
        assertThat(Files.readString(dir.resolve("out.txt"))).contains("Region \"slow\"");
        Thread.sleep(200);
        assertThat(children).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void aFailingRunStopsTheSweepAndKeepsTheCsv(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("f.csv");
        CliRunner.Result r = CliRunner.run("bench", "-p", "1", "--trials", "1", "-o", csv.toString(), "--", CliIT.java(),
                "-cp", CliIT.cp(), BenchPrograms.class.getName(), "fail");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("forkscope: the run with P=1 (trial 1) exited with code 3; its output is in "
                + dir.resolve("f.log")).doesNotContain("\tat ");
        assertThat(Files.readString(csv)).isEqualTo(BenchCsv.HEADER + "\n");
    }

    @Test
    void badInputGetsOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
        Path kept = dir.resolve("kept.csv");
        Files.writeString(kept, "precious");
        CliIT.assertOneLineError(CliRunner.run("bench", "-o", kept.toString(), "--", "java"), kept + ": exists");
        assertThat(Files.readString(kept)).isEqualTo("precious");
        CliIT.assertOneLineError(CliRunner.run("bench", "-p", "0,2", "--", "java"), "-p needs worker counts");
        CliIT.assertOneLineError(CliRunner.run("bench", "-p", "2-1", "--", "java"), "not '2-1'");
        CliIT.assertOneLineError(CliRunner.run("bench", "--trials", "0", "--", "java"), "--trials must be at least 1");
        CliIT.assertOneLineError(CliRunner.run("bench", "--repeat", "2", "--warmup", "2", "--", "java"),
                "leaves none of --repeat 2");
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "not a recording");
        CliIT.assertOneLineError(CliRunner.run("bench", "--bounds", notes.toString(), "-o", dir.resolve("x.csv").toString(),
                "--", "java"), notes + ": not a forkscope recording");
        CliIT.assertOneLineError(CliRunner.run("bench", "-o", dir.resolve("y.csv").toString(), "-p", "1", "--trials", "1",
                "--", "no-such-program-here"), "cannot start 'no-such-program-here'");
    }

    /**
     * Skips the test, saying why, when SIGINT cannot reach the bench JVM: its /proc status lists SIGINT
     * (signal 2, bit 1) among the ignored signals. Where /proc is missing, the test goes on.
     */
    static void assumeSigintReaches(Process bench) throws Exception {
        Path status = Path.of("/proc", Long.toString(bench.pid()), "status");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && bench.isAlive()) {
            List<String> lines;
            try {
                lines = Files.readAllLines(status);
            } catch (java.io.IOException e) {
                return;   // no procfs: nothing to check
            }
            // only once the process is the JVM (after jspawnhelper's and env's exec) is its disposition final
            if (lines.contains("Name:\tjava")) {
                String ignored = lines.stream().filter(l -> l.startsWith("SigIgn:")).findFirst().orElse("SigIgn: 0");
                if ((Long.parseUnsignedLong(ignored.substring("SigIgn:".length()).trim(), 16) & 0b10) != 0) {
                    bench.destroyForcibly();
                    org.junit.jupiter.api.Assumptions.abort("SIGINT is ignored in the bench JVM (inherited: this build"
                            + " runs as a background job of a non-interactive shell?) and env --default-signal=INT"
                            + " (coreutils 9.0+) is not available to restore it, so Ctrl-C cannot be tested here");
                }
                return;
            }
            Thread.sleep(20);
        }
    }

    static int dataRows(Path csv) throws Exception {
        if (!Files.exists(csv)) {
            return 0;
        }
        String text = Files.readString(csv);
        return (int) Math.max(0, text.chars().filter(c -> c == '\n').count() - 1);
    }

    static double median(List<Long> values) {
        long[] v = values.stream().mapToLong(x -> x).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
    }
}
