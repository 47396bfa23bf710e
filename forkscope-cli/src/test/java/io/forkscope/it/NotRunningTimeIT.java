package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.CpuTreePrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.WorkSpan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Time a thread was not running is no strand's (issue 10): a tree of computing strands, its work
 * and span known by construction (CpuTreePrograms measures them with each leaf's CPU clock), recorded
 * while main sleeps or blocks between rounds, and while a competing process shares the cores.
 * Work within ±15%, span within ±25% (under a competing process −25% to +50%, see
 * {@link #PREEMPTED_SPAN_HIGH}), on every JDK and on 1 and 2 workers.
 */
class NotRunningTimeIT {
    private static final Pattern EXPECTED = Pattern.compile("expected work=(\\d+) span=(\\d+)");

    record Run(WorkSpan measured, long work, long span, String stderr) {}

    @ParameterizedTest(name = "{0}, {1} workers")
    @CsvSource({"sleep, 1", "sleep, 2", "join, 1", "join, 2", "wait, 1", "wait, 2"})
    void mainNotRunningBetweenRoundsIsNoWorkNorSpan(String scenario, int workers, @TempDir Path dir) throws Exception {
        for (String java : Jdks.javas()) {
            Run r = run(List.of(), java, "", workers, scenario, dir);
            assertMatchesTruth(r, java + " " + scenario + " " + workers);
        }
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void aCompetingProcessOnTheSameCoresTakesNothingFromSpan(int workers, @TempDir Path dir) throws Exception {
        boolean pin = Files.isExecutable(Path.of("/usr/bin/taskset"));
        int cores = pin ? 1 : Runtime.getRuntime().availableProcessors();
        List<String> prefix = pin ? List.of("/usr/bin/taskset", "-c", "0") : List.of();
        for (String java : Jdks.javas()) {
            List<Process> rivals = new ArrayList<>();
            try {
                for (int i = 0; i < cores; i++) {
                    List<String> spin = new ArrayList<>(prefix);
                    // bounded even if this JVM dies before its finally
                    spin.addAll(List.of("timeout", "120", "sh", "-c", "while :; do :; done"));
                    rivals.add(new ProcessBuilder(spin).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                }
                Run r = run(prefix, java, "", workers, "plain", dir);
                assertMatchesTruth(r, java + " with " + cores + " competing process(es), " + workers + " workers",
                        PREEMPTED_SPAN_HIGH);
            } finally {
                for (Process p : rivals) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    /**
     * Issue 20 item 4: under a rival process on the program's core, Delay Spotter shows the time the
     * workers were preempted as not running, not as delay. Measured (2 workers and a spinning rival
     * on one core, JDK 17): not running 64-65% of P × elapsed, delay 3-4%, where before the split the
     * delay was ~68%; the report's first line then says the machine was busy.
     */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2})
    void aCompetingProcessShowsAsNotRunningInDelaysNotAsDelay(int workers, @TempDir Path dir) throws Exception {
        boolean pin = Files.isExecutable(Path.of("/usr/bin/taskset"));
        int cores = pin ? 1 : Runtime.getRuntime().availableProcessors();
        List<String> prefix = pin ? List.of("/usr/bin/taskset", "-c", "0") : List.of();
        for (String java : Jdks.javas()) {
            List<Process> rivals = new ArrayList<>();
            Path out = dir.resolve("dag-" + System.nanoTime() + ".fsk");
            try {
                for (int i = 0; i < cores; i++) {
                    List<String> spin = new ArrayList<>(prefix);
                    spin.addAll(List.of("timeout", "120", "sh", "-c", "while :; do :; done"));
                    rivals.add(new ProcessBuilder(spin).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                }
                List<String> cmd = new ArrayList<>(prefix);
                cmd.addAll(ChildJvm.command(java, "out=" + out + ",mode=dag", List.of(), CpuTreePrograms.class,
                        Integer.toString(workers), "plain"));
                ChildJvm.Result res = ChildJvm.run(cmd, dir);
                assertThat(res.exitCode()).as(res.stderr()).isZero();
            } finally {
                for (Process p : rivals) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            }
            io.forkscope.analysis.delay.DelayReport report = io.forkscope.analysis.delay.DelaySpotter.analyze(
                    RecordingReader.read(out).recordedDag().orElseThrow());
            io.forkscope.analysis.delay.LossBreakdown b = report.breakdown();
            double slotTime = report.stats().slotTime();
            String as = java + ": " + b + " of " + slotTime;
            System.out.println(as);
            // the rival takes about half the core the workers share, so they run at most half of their time
            assertThat(b.notRunning()).as(as).isGreaterThan(0.3 * slotTime);
            assertThat(b.delay()).as(as).isLessThan(b.notRunning() / 3);
            io.forkscope.cli.CliRunner.Result text = io.forkscope.cli.CliRunner.run("delays", out.toString());
            // said in the header, before the statistics: the machine's load, then the warning
            List<String> header = text.out().lines().takeWhile(l -> !l.equals("DAG Recorder statistics")).toList();
            assertThat(header).as(text.out()).anyMatch(l -> l.startsWith("machine: other processes used "))
                    .anyMatch(l -> l.startsWith("warning: the workers' threads were not running for"));
        }
    }

    /** The same run with the CPU clock off counts main's 3 × 300 ms pauses: the check above has teeth. */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2})
    void withTheCpuClockOffTheSleepsCountAsWorkAndSpan(int workers, @TempDir Path dir) throws Exception {
        Run r = run(List.of(), Jdks.javas().get(0), ",cpu.threshold.us=off", workers, "sleep", dir);
        assertThat(r.measured().work() - r.work()).as(r.toString()).isGreaterThan(800_000_000L);
        assertThat(r.measured().span() - r.span()).as(r.toString()).isGreaterThan(800_000_000L);
    }

    /**
     * Upper bound of measured span / truth while a rival process preempts the workers on their core.
     * Measured on this 2-vCPU VM (2026-11-26, 34 runs over JDK 17 and 25, 1 and 2 workers): 1.06-1.27,
     * once 1.41 (a clean-clone CI run); the CPU clock off gives 6.3x, so the bound still tells a
     * corrected span from an uncorrected one. The excess is a known bias, not noise alone: even reading
     * the CPU clock at every strand (cpu.threshold.us=0) gave 1.06x (docs/measures.md, not-running
     * time).
     */
    static final double PREEMPTED_SPAN_HIGH = 1.5;

    static void assertMatchesTruth(Run r, String what) {
        assertMatchesTruth(r, what, 1.25);
    }

    static void assertMatchesTruth(Run r, String what, double spanHigh) {
        String as = what + ": " + r;
        System.out.println(as);
        assertThat((double) r.measured().work()).as(as).isBetween(0.85 * r.work(), 1.15 * r.work());
        assertThat((double) r.measured().span()).as(as).isBetween(0.75 * r.span(), spanHigh * r.span());
        assertThat(r.measured().spawns()).as(as).isEqualTo(CpuTreePrograms.ROUNDS * (1L << CpuTreePrograms.DEPTH));   // the invoke, one fork per invokeAll
    }

    static Run run(List<String> prefix, String java, String moreOptions, int workers, String scenario, Path dir)
            throws Exception {
        Path out = dir.resolve(scenario + "-" + workers + "-" + System.nanoTime() + ".fsk");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(ChildJvm.command(java, "out=" + out + moreOptions, List.of(), CpuTreePrograms.class,
                Integer.toString(workers), scenario));
        ChildJvm.Result res = ChildJvm.run(cmd, dir);
        assertThat(res.exitCode()).as(res.stderr()).isZero();
        Matcher m = EXPECTED.matcher(res.stdout());
        assertThat(m.find()).as(res.stdout()).isTrue();
        Recording rec = RecordingReader.read(out);
        return new Run(TimeUnitsIT.region(rec, "rounds"), Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                res.programStderr());
    }
}
