package io.forkscope.cli;

import io.forkscope.model.machine.MachineLoad;
import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.RecordedBounds;
import io.forkscope.analysis.scaling.RepetitionTimes;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingException;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import io.forkscope.recorder.agent.AgentOptions;
import io.forkscope.report.bench.BenchCsv;
import io.forkscope.report.bench.ScalingTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Measured speedups: times the command with each worker count P (Cilkview's scalability benchmarking).",
    "It runs the command once per trial per worker count P and measures its regions (or its whole run) with"
        + " P workers, pinned to P cores where the machine has them. Each run gets"
        + " -Djava.util.concurrent.ForkJoinPool.common.parallelism=P for the common pool, the agent's workers=P"
        + " for pools the program creates, taskset -c on P cores, and the agent's mode=regions, which only reads"
        + " the clock when a region opens and closes. {repeat} in the command becomes --repeat's K.",
    "Example: forkscope bench -p 1,2 --trials 5 -o qsort.csv -- java -cp app.jar QSort"})
final class BenchCommand implements Callable<Integer> {
    static final String COMMON_PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";
    static final String REPEAT_PLACEHOLDER = "{repeat}";

    @Spec
    CommandSpec spec;

    @Option(names = {"-p", "--workers"}, paramLabel = "LIST",
            description = "worker counts, e.g. 1,2,4 or 1-8 (default: 1 to this machine's cores)")
    String workers;

    @Option(names = "--trials", paramLabel = "T", defaultValue = "3",
            description = "runs per worker count, interleaved across P (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = "--repeat", paramLabel = "K", defaultValue = "1",
            description = "in-process repetitions of each region per run; {repeat} in the command is replaced by K"
                    + " (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--warmup", paramLabel = "W",
            description = "first repetitions of each region dropped as JIT warm-up (default: 1 when K > 1, else 0)")
    Integer warmup;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "forkscope-bench.csv",
            description = "the CSV, one row per (region, P, trial), written as runs finish (default: ${DEFAULT-VALUE})")
    Path output;

    @Option(names = "--log", paramLabel = "FILE",
            description = "where the runs' own output goes (default: the CSV's name with .log)")
    Path log;

    @Option(names = "--force", description = "overwrite the CSV and the log if they exist")
    boolean force;

    @Option(names = "--bounds", paramLabel = "REC.fsk",
            description = "a recording of the program: show its predicted speedup range and judge the measured speedups")
    Path bounds;

    @Option(names = "--no-pin", description = "do not restrict runs to P cores")
    boolean noPin;

    @Option(names = "--timeout", paramLabel = "S",
            description = "kill a run that takes longer than S seconds and stop the sweep (default: no limit)")
    Long timeout;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "the command to run, after --")
    List<String> command;

    /** The sweep's state, shared with the shutdown hook that keeps what was measured on Ctrl-C. */
    private final Object lock = new Object();
    private final List<Measurement> rows = new ArrayList<>();
    private Process current;
    private boolean finished;
    private boolean interrupted;

    @Override
    public Integer call() throws Exception {
        DashDash.require(spec, command);
        List<Integer> ps = parseWorkers(workers == null ? "1-" + Runtime.getRuntime().availableProcessors() : workers);
        if (trials < 1) {
            throw new UserError("--trials must be at least 1");
        }
        if (timeout != null && timeout < 1) {
            throw new UserError("--timeout must be at least 1 second, not " + timeout + " (leave it out for no limit)");
        }
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1");
        }
        int drop = warmup != null ? warmup : repeat > 1 ? 1 : 0;
        if (drop < 0) {
            throw new UserError("--warmup must not be negative");
        }
        if (drop > 0 && drop >= repeat) {
            throw new UserError("--warmup " + drop + " leaves none of --repeat " + repeat + " repetitions");
        }
        Path csvFile = OutputPath.file(output, force, "-o");
        Path logFile = OutputPath.file(log != null ? log : withExtension(output, ".log"), force,
                log != null ? "--log" : "-o");
        Map<String, SectionBounds> predicted = bounds == null ? Map.of() : readBounds(bounds, spec.commandLine().getErr());
        if (csvFile.equals(logFile)) {
            throw new UserError(csvFile + ": the CSV and the log must be different files");
        }
        AgentLaunch.checkAgentPath(Path.of(System.getProperty("java.io.tmpdir")),
                "the temporary directory, where the runs write their timings (set java.io.tmpdir),");
        if (JavaInstallation.resolve(command.get(0)).isEmpty()) {
            throw new UserError("cannot start '" + command.get(0) + "': no such program");
        }
        PrintWriter err = spec.commandLine().getErr();
        CpuSet cpus = CpuSet.ofThisProcess();
        Optional<Path> taskset = noPin ? Optional.empty() : CpuSet.taskset();
        List<String> notes = pinningNotes(ps, cpus, taskset);
        notes.forEach(n -> err.println("forkscope bench: " + n));
        err.println("forkscope bench: " + ps.size() * trials + " runs (" + ps.size() + " worker count(s) x " + trials + " trial(s));"
                + " the program's own output goes to " + logFile);

        Files.writeString(logFile, "", StandardCharsets.UTF_8);
        TempDirectory temp = TempDirectory.create("forkscope-bench-");
        Path dir = temp.path();
        Thread keep = new Thread(() -> interruptSweep(csvFile, predicted), "forkscope-bench-interrupted");
        Runtime.getRuntime().addShutdownHook(keep);
        int total = ps.size() * trials;
        try (BenchCsv.Appender csv = new BenchCsv.Appender(Files.newBufferedWriter(csvFile, StandardCharsets.UTF_8))) {
            int done = 0;
            Set<String> warned = new HashSet<>();
            for (int t = 1; t <= trials; t++) {
                for (int p : ps) {
                    CpuSet.Pinning pin = cpus.pinning(p, taskset);
                    Run run = run(p, t, pin, dir, logFile, drop);
                    if (run == null) {
                        return 130; // interrupted: the shutdown hook reports
                    }
                    List<RepetitionTimes.SectionTime> times = run.times();
                    done++;
                    synchronized (lock) {
                        if (interrupted) {
                            return 130;
                        }
                        for (RepetitionTimes.SectionTime s : times) {
                            Measurement m = new Measurement(s.region(), p, t, s.timeNs(), s.kept(), s.dropped(),
                                    pin.cores(), pin.pinned(), run.load());
                            csv.append(m);
                            rows.add(m);
                        }
                    }
                    err.println(String.format(Locale.ROOT, "forkscope bench: [%d/%d] P=%d trial %d/%d (%s %s): %s; %s",
                            done, total, p, t, trials, pin.pinned() ? "cores" : "unpinned on", pin.coreList(),
                            describe(times), run.load().describe()));
                    warnRepetitions(times, warned, err);
                }
            }
            synchronized (lock) {
                finished = true;
                rewriteQuietly(csvFile, rows, err);   // every row with its point's spread and noisy flag
            }
        } catch (RunFailed e) {
            synchronized (lock) {
                finished = true;
                rewriteQuietly(csvFile, rows, err);
            }
            err.println("forkscope: " + e.getMessage());
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(keep);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
            temp.close();
        }
        PrintWriter out = spec.commandLine().getOut();
        ScalingTable.write(ScalingAnalysis.analyze(rows, predicted), bounds == null ? null : bounds.toString(), out);
        err.println("forkscope bench: " + rows.size() + (rows.size() == 1 ? " row" : " rows") + " written to " + csvFile
                + "  (forkscope plot " + (bounds == null ? "REC.fsk" : ShellWords.quote(bounds)) + " --bench "
                + ShellWords.quote(csvFile) + ")");
        return 0;
    }

    /** One run's section times and the machine's load while it ran. */
    private record Run(List<RepetitionTimes.SectionTime> times, MachineLoad load) {}

    /** Rewrites the CSV with the spreads of the rows kept; says so on failure (the appended rows stay). */
    private static void rewriteQuietly(Path csvFile, List<Measurement> kept, PrintWriter err) {
        try {
            BenchCsv.rewrite(csvFile, kept);
        } catch (IOException | RuntimeException e) {
            err.println("forkscope bench: could not add the spreads to " + csvFile + " (its rows are kept): " + e);
        }
    }

    /**
     * Runs the command once with P workers, measuring the machine's load from its start until it is
     * reaped (so that {@link MachineLoad} counts it as this process's own); @return its section times
     * and that load, or null when interrupted
     */
    private Run run(int p, int trial, CpuSet.Pinning pin, Path dir, Path logFile, int drop)
            throws IOException, InterruptedException {
        Path rec = dir.resolve("run-" + trial + "-" + p + ".fsk");
        List<String> user = new ArrayList<>();
        for (String arg : command) {
            user.add(arg.replace(REPEAT_PLACEHOLDER, Integer.toString(repeat)));
        }
        AgentLaunch launch = new AgentLaunch(SelfJar.path(), rec).option("mode=" + AgentOptions.MODE_REGIONS)
                .option("workers=" + p).jvmOption("-D" + COMMON_PARALLELISM + "=" + p).prefix(pin.prefix());
        ProcessBuilder pb = launch.processBuilder(user);
        Files.writeString(logFile, "### forkscope bench: P=" + p + " trial " + trial + ": "
                + String.join(" ", pb.command()) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        Process proc;
        MachineLoad.Meter meter;
        synchronized (lock) {
            if (interrupted) {
                return null;
            }
            meter = MachineLoad.meter();
            proc = AgentLaunch.start(pb);
            current = proc;
        }
        proc.getOutputStream().close();
        boolean ended = timeout == null || proc.waitFor(timeout, java.util.concurrent.TimeUnit.SECONDS);
        if (!ended) {
            proc.descendants().forEach(ProcessHandle::destroyForcibly);
            proc.destroyForcibly();
        }
        int exit = proc.waitFor();
        MachineLoad load = meter.stop();
        synchronized (lock) {
            current = null;
            if (interrupted) {
                return null;
            }
        }
        if (!ended) {
            throw new RunFailed("the run with P=" + p + " (trial " + trial + ") did not finish in " + timeout
                    + " s and was killed; its output is in " + logFile + "; the rows measured before it are kept");
        }
        if (exit != 0) {
            if (exit > 128) {
                awaitInterruption(1000); // Ctrl-C reaches the run and this JVM at once
            }
            synchronized (lock) {
                if (interrupted) {
                    return null;
                }
            }
            throw new RunFailed("the run with P=" + p + " (trial " + trial + ") exited with code " + exit
                    + "; its output is in " + logFile + "; the rows measured before it are kept");
        }
        return new Run(times(launch.recordings(), drop, p, trial), load);
    }

    private List<RepetitionTimes.SectionTime> times(List<Path> files, int drop, int p, int trial) {
        if (files.isEmpty()) {
            throw new RunFailed("the run with P=" + p + " (trial " + trial + ") left no timing: did the command"
                    + " start a JVM?");
        }
        List<RegionRecord> regions = new ArrayList<>();
        Recording first = null;
        for (Path f : files) {
            Recording r;
            try {
                r = RecordingReader.read(f);
            } catch (RecordingException e) {
                throw new RunFailed("the run with P=" + p + " (trial " + trial + ") left an unreadable timing: "
                        + e.getMessage());
            }
            first = first == null ? r : first;
            regions.addAll(r.regions());
        }
        return RepetitionTimes.reduce(regions, first.wholeRun(), drop);
    }

    /** Ctrl-C (or SIGTERM): stop the run under way and say what was kept. Runs as a shutdown hook. */
    private void interruptSweep(Path csvFile, Map<String, SectionBounds> predicted) {
        List<Measurement> kept;
        Process running;
        synchronized (lock) {
            if (finished) {
                return;
            }
            interrupted = true;
            running = current;
            kept = List.copyOf(rows);
        }
        PrintWriter err = spec.commandLine().getErr();
        if (running != null) {
            running.descendants().forEach(ProcessHandle::destroy);
            running.destroy();
            try {
                running.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (lock) {
            rewriteQuietly(csvFile, kept, err);   // the main thread appends no more: interrupted is set
        }
        err.println("forkscope bench: interrupted; the " + kept.size() + " rows of the runs that finished are in "
                + csvFile);
        if (!kept.isEmpty()) {
            try {
                ScalingTable.write(ScalingAnalysis.analyze(kept, predicted), bounds == null ? null : bounds.toString(),
                        spec.commandLine().getOut());
            } catch (IOException | RuntimeException e) {
                err.println("forkscope bench: " + e);
            }
        }
        err.flush();
    }

    private void awaitInterruption(long ms) throws InterruptedException {
        long end = System.nanoTime() + ms * 1_000_000;
        while (System.nanoTime() < end) {
            synchronized (lock) {
                if (interrupted) {
                    return;
                }
            }
            Thread.sleep(20);
        }
    }

    private void warnRepetitions(List<RepetitionTimes.SectionTime> times, Set<String> warned, PrintWriter err) {
        for (RepetitionTimes.SectionTime s : times) {
            if (s.region().isEmpty()) {
                if (warned.add("")) {
                    err.println("forkscope bench: the program closed no region, so its whole run is timed, from the"
                            + " agent's start (after JVM start-up) to its exit, set-up included"
                            + (repeat > 1 ? ", once per run (--repeat needs regions)" : "")
                            + "; mark the parallel part with Forkscope.region to time only it");
                }
            } else if (repeat > 1 && s.occurrences() != repeat && warned.add(s.region())) {
                err.println("forkscope bench: warning: region " + ScalingTable.sectionName(s.region()) + " ran "
                        + s.occurrences() + " time(s) in a run, not --repeat " + repeat + ": pass " + REPEAT_PLACEHOLDER
                        + " to the program, or make it repeat its kernel; kept " + s.kept() + " after dropping "
                        + s.dropped() + " as warm-up");
            }
        }
    }

    private static String describe(List<RepetitionTimes.SectionTime> times) {
        List<String> parts = new ArrayList<>();
        for (RepetitionTimes.SectionTime s : times) {
            parts.add((s.region().isEmpty() ? "whole run" : ScalingTable.sectionName(s.region()))
                    + String.format(Locale.ROOT, " %.2f ms", s.timeNs() / 1e6)
                    + (s.occurrences() > 1 ? " (median of " + s.kept() + ", " + s.dropped() + " warm-up)" : ""));
        }
        return String.join(", ", parts);
    }

    /** @return what to tell the user about pinning, once per worker count that cannot be pinned */
    static List<String> pinningNotes(List<Integer> ps, CpuSet cpus, Optional<Path> taskset) {
        List<String> notes = new ArrayList<>();
        List<Integer> tooMany = ps.stream().filter(p -> p > cpus.cpus().size()).toList();
        if (!tooMany.isEmpty()) {
            notes.add("P = " + join(tooMany) + " cannot run on cores of its own: forkscope may use "
                    + cpus.cpus().size() + " core(s) (" + CpuSet.formatList(cpus.cpus()) + "); such runs are unpinned,"
                    + " oversubscribed, and not judged against the bounds");
        }
        if (taskset.isEmpty()) {
            notes.add("runs are not pinned to cores (" + (CpuSet.taskset().isEmpty() ? "no taskset on this machine"
                    : "--no-pin") + "); each JVM may use every core");
        } else if (!cpus.known()) {
            notes.add("runs are not pinned: cannot tell which cores this process may use");
        }
        return notes;
    }

    /** @return the worker counts of "1,2,4" or "1-8" (or a mix), ascending and distinct */
    static List<Integer> parseWorkers(String text) {
        Set<Integer> out = new LinkedHashSet<>();
        try {
            for (String part : text.split(",")) {
                String p = part.trim();
                int dash = p.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).trim());
                if (from < 1 || to < from || to > AgentOptions.MAX_WORKERS) {
                    throw new NumberFormatException();
                }
                for (int i = from; i <= to; i++) {
                    out.add(i);
                }
            }
        } catch (NumberFormatException e) {
            throw new UserError("-p needs worker counts from 1 to " + AgentOptions.MAX_WORKERS
                    + " such as 1,2,4 or 1-8, not '" + text + "'");
        }
        return out.stream().sorted().toList();
    }

    static Map<String, SectionBounds> readBounds(Path file, PrintWriter err) {
        Recording rec = RecordingInput.read(file, err);
        Map<String, SectionBounds> b = RecordedBounds.of(rec);
        if (b.isEmpty() && !rec.complete()) {
            throw new UserError(RecordingInput.lost(rec, file.toString(), "no work or span of its run"));
        }
        if (b.isEmpty()) {
            throw new UserError(file + ": has no work and span to predict speedups from (a timing of bench,"
                    + " or a run without fork/join?); record the program with forkscope record");
        }
        return b;
    }

    private static String join(List<Integer> ps) {
        return String.join(", ", ps.stream().map(String::valueOf).toList());
    }

    static Path withExtension(Path file, String ext) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ext);
    }

    /** A run that failed: one line, exit code 1, the CSV keeps the rows before it. */
    static final class RunFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunFailed(String message) {
            super(message);
        }
    }
}
