package io.forkscope.bench;

import io.forkscope.samples.Sample;
import io.forkscope.samples.SampleMain;
import io.forkscope.samples.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The recorder's overhead on the bundled suite, in the shape of Cilkprof's Fig. 11: each program
 * runs in fresh JVMs without and with the agent, A/B interleaved, and the kernel time (the
 * program's own region, JIT warmed by in-process repeats) is compared. A benchmark, not a test:
 * it prints ratios measured in one run on this machine and asserts nothing.
 *
 * <pre>
 * bench/overhead [--trials T] [--repeat R] [--workers P] [--agent OPTIONS] [--jvm-arg ARG]...
 *                [--baseline-jar JAR | --baseline-agent OPTIONS] [PROGRAM[:ARGS] ...]
 * </pre>
 * PROGRAM:ARGS passes extra arguments, e.g. {@code fib:--cutoff=5}. With no programs, the whole
 * suite runs at default sizes (stencil3d-inner at n = 64) plus fib with a small cut-off. A baseline
 * adds a third arm, interleaved with the other two: the same program under another build's agent
 * ({@code --baseline-jar}, to compare a change's cost, before against after, in one run) or under
 * this agent with other options ({@code --baseline-agent}, e.g. {@code --agent sample=true
 * --baseline-agent defaults} for the cost of sampling alone). {@code --jvm-arg} goes to every arm.
 * The baseline jar's arm runs with that jar as its class path, so its program is that build's copy of
 * the sample (the agent's classes are looked up on the class path first: with this jar there, the arm
 * ran this build's recorder under the old jar's name, as it did until 2026-11-27).
 */
public final class OverheadBenchmark {
    private OverheadBenchmark() {}

    /** One program's median kernel times; {@code baseline} is NaN when no baseline was given. */
    record Row(String program, String input, double without, double with, double baseline) {
        double ratio() {
            return with / without;
        }

        double baselineRatio() {
            return baseline / without;
        }

        /** What the agent under test costs over the baseline arm. */
        double overBaseline() {
            return with / baseline;
        }
    }

    /** One arm's runs of one program: the best kernel time of each trial, and how many were still settling. */
    private static final class ArmRuns {
        private final String name;
        final double[] best;
        private int settling;

        ArmRuns(String name, int trials) {
            this.name = name;
            this.best = new double[trials];
        }

        void add(int trial, KernelTimes k) {
            best[trial] = k.best();
            settling += k.stillSettling() ? 1 : 0;
        }

        /** @return the note under the table when some of its runs were still getting faster at their end */
        Optional<String> settlingNote(String spec) {
            return settling == 0 ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                    "note: %s, %s: %d of %d runs were still getting faster at their last repetition (more than 5%%"
                    + " below the one before: the JIT's warm-up, or noise), so the time may not be the warm one;"
                    + " a larger --repeat measures that", spec, name, settling, best.length));
        }
    }

    /** What the third arm runs: another build's agent, or this agent with other options. */
    record Baseline(Path jar, String options, String label) {}

    /** One column of ratios: their geometric mean and maximum. */
    private static final class Ratios {
        private double logSum;
        private double max;
        private int count;

        void add(double ratio) {
            logSum += Math.log(ratio);
            max = Math.max(max, ratio);
            count++;
        }

        double geometricMean() {
            return Math.exp(logSum / count);
        }

        double max() {
            return max;
        }
    }

    private static final String USAGE = "usage: bench/overhead [--trials T] [--repeat R] [--workers P] [--agent OPTIONS]"
            + " [--jvm-arg ARG]... [--baseline-jar JAR | --baseline-agent OPTIONS|defaults] [PROGRAM[:--opt=value,...] ...]";

    public static void main(String[] args) throws Exception {
        int trials = 3;
        int repeat = 3;
        int workers = Runtime.getRuntime().availableProcessors();
        String agentOptions = "";
        Path baselineJar = null;
        String baselineAgent = null;
        List<String> jvmArgs = new ArrayList<>();
        List<String> programs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--trials" -> trials = Integer.parseInt(args[++i]);
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                case "--workers" -> workers = Integer.parseInt(args[++i]);
                case "--agent" -> agentOptions = args[++i];
                case "--baseline-jar" -> baselineJar = Path.of(args[++i]).toAbsolutePath();
                case "--baseline-agent" -> baselineAgent = "defaults".equals(args[++i]) ? "" : args[i];
                case "--jvm-arg" -> jvmArgs.add(args[++i]);
                case "-h", "--help" -> {
                    System.out.println(USAGE);
                    return;
                }
                default -> {
                    if (args[i].startsWith("-")) {
                        System.err.println("bench/overhead: unknown option " + args[i] + "\n" + USAGE);
                        System.exit(2);
                    }
                    programs.add(args[i]);
                }
            }
        }
        for (String spec : programs) {
            String name = spec.split(":", 2)[0];
            if (Samples.all().stream().noneMatch(s -> s.name().equals(name))) {
                System.err.println("bench/overhead: unknown program " + name + " (forkscope example --list)");
                System.exit(2);
            }
        }
        if (baselineJar != null && !Files.isRegularFile(baselineJar)) {
            System.err.println("bench/overhead: --baseline-jar " + baselineJar + ": no such file");
            System.exit(2);
        }
        if (baselineJar != null && baselineAgent != null) {
            System.err.println("bench/overhead: give --baseline-jar or --baseline-agent, not both");
            System.exit(2);
        }
        if (programs.isEmpty()) {
            for (Sample s : Samples.all()) {
                switch (s.name()) {
                    case "steal-bench" -> { }   // a latency microbenchmark, not a kernel
                    // two tasks per grid point: at the default size one parallel repetition takes seconds
                    case "stencil3d-inner" -> programs.add("stencil3d-inner:--n=64");
                    default -> programs.add(s.name());
                }
            }
            programs.add("fib:--cutoff=8");
        }
        Path jar = Path.of(OverheadBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Baseline baseline = baselineJar != null ? new Baseline(baselineJar, agentOptions, baselineJar.toString())
                : baselineAgent != null ? new Baseline(jar, baselineAgent,
                        "agent options " + (baselineAgent.isEmpty() ? "defaults" : baselineAgent))
                : null;
        Path dir = Files.createTempDirectory("forkscope-overhead-");
        boolean tty = System.console() != null;
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (String spec : programs) {
            String[] parts = spec.split(":", 2);
            List<String> extra = parts.length > 1
                    ? Arrays.stream(parts[1].split(",")).flatMap(a -> Arrays.stream(a.split("=", 2))).toList()
                    : List.of();
            ArmRuns without = new ArmRuns("without the agent", trials);
            ArmRuns with = new ArmRuns("with the agent", trials);
            ArmRuns base = new ArmRuns("with the baseline", trials);
            for (int t = 0; t < trials; t++) {
                if (tty) {
                    System.err.printf("\r%-60s", spec + ": trial " + (t + 1) + "/" + trials);
                }
                without.add(t, kernelMs(jar, jar, null, jvmArgs, parts[0], extra, workers, repeat, dir));
                Path out = dir.resolve(parts[0] + "-" + t + ".fsk");
                Files.deleteIfExists(out);
                with.add(t, kernelMs(jar, jar, withOut(out, agentOptions), jvmArgs, parts[0], extra, workers, repeat,
                        dir));
                Files.deleteIfExists(out);
                if (baseline != null) {
                    // the baseline jar on the class path too: the JVM looks an agent's classes up there
                    // first, so with this jar on it the "baseline" ran this build's recorder
                    base.add(t, kernelMs(baseline.jar(), baseline.jar(), withOut(out, baseline.options()), jvmArgs,
                            parts[0], extra, workers, repeat, dir));
                    Files.deleteIfExists(out);
                }
            }
            for (ArmRuns arm : List.of(without, with, base)) {
                arm.settlingNote(spec).ifPresent(notes::add);
            }
            rows.add(new Row(spec, String.join(" ", extra).isEmpty() ? "default" : String.join(" ", extra),
                    median(without.best), median(with.best), baseline == null ? Double.NaN : median(base.best)));
        }
        if (tty) {
            System.err.printf("\r%-60s\r", "");
        }
        print(rows, workers, trials, repeat, agentOptions, jvmArgs, baseline);
        notes.forEach(System.out::println);
    }

    private static String withOut(Path out, String options) {
        return "out=" + out + (options.isEmpty() ? "" : "," + options);
    }

    static void print(List<Row> rows, int workers, int trials, int repeat, String agentOptions, List<String> jvmArgs,
                      Baseline baseline) {
        boolean base = baseline != null;
        System.out.printf(Locale.ROOT, "%-22s %-14s %14s %14s %9s", "program", "input", "without (ms)", "with (ms)",
                "overhead");
        System.out.printf(Locale.ROOT, base ? " %14s %9s %9s%n" : "%n", "baseline (ms)", "baseline", "with/base");
        Ratios overhead = new Ratios();
        Ratios baselineOverhead = new Ratios();
        Ratios overBaseline = new Ratios();
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-22s %-14s %14.1f %14.1f %8.2fx", r.program(), r.input(), r.without(),
                    r.with(), r.ratio());
            System.out.printf(Locale.ROOT, base ? " %14.1f %8.2fx %8.3fx%n" : "%n", r.baseline(), r.baselineRatio(),
                    r.overBaseline());
            overhead.add(r.ratio());
            baselineOverhead.add(r.baselineRatio());
            overBaseline.add(r.overBaseline());
        }
        System.out.printf(Locale.ROOT, "geometric mean %.2fx, maximum %.2fx over %d programs%n",
                overhead.geometricMean(), overhead.max(), rows.size());
        if (base) {
            System.out.printf(Locale.ROOT, "baseline (%s): geometric mean %.2fx, maximum %.2fx%n", baseline.label(),
                    baselineOverhead.geometricMean(), baselineOverhead.max());
            System.out.printf(Locale.ROOT, "with over baseline: geometric mean %.3fx, maximum %.3fx%n",
                    overBaseline.geometricMean(), overBaseline.max());
        }
        System.out.printf(Locale.ROOT, "(%d workers, median of %d interleaved trials, best of the last %d in-process"
                + " repeats; agent options: %s%s; java %s)%n", workers, trials, Math.max(1, repeat - 1),
                agentOptions.isEmpty() ? "defaults" : agentOptions,
                jvmArgs.isEmpty() ? "" : "; jvm " + String.join(" ", jvmArgs), System.getProperty("java.version"));
    }

    /**
     * Runs one program (from {@code jar}) in a fresh JVM under the agent of {@code agentJar} when options are
     * given; returns its kernel times: the best over the repeats after the first, and whether it was still
     * getting faster at its end ({@link KernelTimes}).
     */
    static KernelTimes kernelMs(Path agentJar, Path jar, String agentOptions, List<String> jvmArgs, String program,
                                List<String> extra, int workers, int repeat, Path dir)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        if (agentOptions != null) {
            cmd.add("-javaagent:" + agentJar + "=" + agentOptions);
        }
        cmd.addAll(List.of("-cp", jar.toString(), SampleMain.class.getName(), program, "--workers",
                Integer.toString(workers), "--repeat", Integer.toString(repeat)));
        cmd.addAll(extra);
        Path log = dir.resolve("out.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException(program + " did not finish in 10 minutes");
        }
        String output = Files.readString(log);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(program + " failed (exit " + p.exitValue() + "): " + output);
        }
        int at = output.lastIndexOf("kernel_ms=");
        if (at < 0) {
            throw new IllegalStateException(program + " printed no kernel time: " + output);
        }
        String[] fields = output.substring(at + "kernel_ms=".length()).trim().split("\\s")[0].split(",");
        double[] times = new double[fields.length];
        for (int i = 0; i < fields.length; i++) {
            times[i] = Double.parseDouble(fields[i]);
        }
        return KernelTimes.of(times);
    }

    /**
     * One run's kernel times: the best of the repetitions after the first (the measure), and whether the
     * kernel was still getting faster when the run ended: its last repetition more than 5% below the one
     * before it: the JIT's warm-up, mostly (the recorded program's woven code can take three times the
     * repetitions the program alone takes: docs/counted-work.md run 8), or noise; the best may then be the
     * warm-up's tail, not the warm time, and a larger --repeat measures that. Needs two repetitions after the
     * first.
     */
    record KernelTimes(double best, boolean stillSettling) {
        static KernelTimes of(double[] times) {
            double best = Double.MAX_VALUE;
            for (int i = times.length > 1 ? 1 : 0; i < times.length; i++) {
                best = Math.min(best, times[i]);
            }
            int n = times.length;
            return new KernelTimes(best, n >= 3 && times[n - 1] < 0.95 * times[n - 2]);
        }
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
