package io.forkscope.cli;

import io.forkscope.analysis.delay.DagStats;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.analysis.delay.LossBreakdown;
import io.forkscope.model.DagWindow;
import io.forkscope.model.Recording;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.model.IndexRow;
import io.forkscope.report.model.SweepIndex;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Training runs for the performance model: records the command's DAG (record --mode dag) at each problem size n"
        + " and worker count p, trials interleaved, and indexes each run's DAG statistics (model fit reads them).",
    "{n} in the command becomes each n. Each run gets p workers as bench gives them (the agent's workers=p, the"
        + " common pool's parallelism, taskset on p cores where the machine has them) and writes a recording into DIR,"
        + " whose index gets a row as the run finishes. T1'(n), the serial work, is the work of the p = 1 run of the same n"
        + " and trial. A sweep stopped midway resumes: run it again and the runs already indexed are skipped.",
    "The model needs at least three values of p to tell (p-1)/p from p-1; a p above this machine's cores runs"
        + " oversubscribed (model fit refuses runs that spent a tenth or more of P x elapsed off the CPU).",
    "Example: forkscope sweep --n 1000,2000,4000 -p 1,2,3 --trials 3 -o runs -- java -cp app.jar App {n}"})
final class SweepCommand implements Callable<Integer> {
    static final String N_PLACEHOLDER = "{n}";
    static final String COMMAND_FILE = "sweep-command.txt";
    static final String LOG_FILE = "sweep.log";

    @Spec
    CommandSpec spec;

    @Option(names = "--n", paramLabel = "LIST", required = true,
            description = "problem sizes, whole numbers, e.g. 1000,2000,4000; {n} in the command becomes each")
    String sizes;

    @Option(names = {"-p", "--workers"}, paramLabel = "LIST", required = true,
            description = "worker counts, e.g. 1,2,3 or 1-3; include 1 (its runs give T1'(n))")
    String workers;

    @Option(names = "--trials", paramLabel = "T", defaultValue = "3",
            description = "runs per (n, p), interleaved: every (n, p) of trial 1, then of trial 2... (default: ${DEFAULT-VALUE})")
    int trials;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "runs",
            description = "the directory of the recordings, their index and the program's output; made if missing,"
                    + " not its parents (default: ${DEFAULT-VALUE})")
    Path output;

    @Option(names = "--force", description = "start over: forget DIR's index and overwrite its recordings")
    boolean force;

    @Option(names = "--no-pin", description = "do not restrict runs to p cores")
    boolean noPin;

    @Option(names = "--no-collapse", description = "keep every strand of the DAGs (see forkscope record --help)")
    boolean noCollapse;

    @Option(names = "--dag-max-nodes", paramLabel = "N",
            description = "each run's DAG budget, as record's (0: no bound; default: record's). With --region the"
                    + " budget must cover the warm-up too: a window that ends before the region's end is a failed run")
    Long dagMaxNodes;

    @Option(names = "--region", paramLabel = "LABEL",
            description = "index the DAG statistics of this region's last occurrence in each run instead of the whole"
                    + " run's (a warm, timed part: the program warms up, then runs its kernel in the region)")
    String region;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "the command to run, after --, with {n}")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        DashDash.require(spec, command);
        List<Long> ns = parseSizes(sizes);
        List<Integer> ps = BenchCommand.parseWorkers(workers);
        if (trials < 1) {
            throw new UserError("--trials must be at least 1");
        }
        RecordingOptions.requireNodeCount(dagMaxNodes);
        if (command.stream().noneMatch(a -> a.contains(N_PLACEHOLDER))) {
            throw new UserError("the command has no " + N_PLACEHOLDER + " for the problem size: forkscope sweep --n ..."
                    + " -- java -cp app.jar App {n}");
        }
        Path dir = OutputPath.directory(output, "-o", true);
        AgentLaunch.checkAgentPath(dir, "the sweep's directory");
        if (JavaInstallation.resolve(command.get(0)).isEmpty()) {
            throw new UserError("cannot start '" + command.get(0) + "': no such program");
        }
        Path index = dir.resolve(SweepIndex.FILE_NAME);
        Path commandFile = dir.resolve(COMMAND_FILE);
        String commandLine = commandLine();
        Map<String, IndexRow> done = previous(dir, index, commandFile, commandLine, ns, ps);
        PrintWriter err = spec.commandLine().getErr();
        Files.createDirectories(dir);
        Files.writeString(commandFile, commandLine + "\n", StandardCharsets.UTF_8);
        rewrite(index, new ArrayList<>(done.values()));
        Path log = dir.resolve(LOG_FILE);
        if (force) {
            Files.deleteIfExists(log);
        }
        CpuSet cpus = CpuSet.ofThisProcess();
        Optional<Path> taskset = noPin ? Optional.empty() : CpuSet.taskset();
        BenchCommand.pinningNotes(ps, cpus, taskset).forEach(n -> err.println("forkscope sweep: " + n));
        if (!ps.contains(1)) {
            err.println("forkscope sweep: -p has no 1: the index gets no T1'(n), which model fit needs (model check"
                    + " does not)");
        }
        int total = ns.size() * ps.size() * trials;
        err.println("forkscope sweep: " + total + " runs (" + ns.size() + " n x " + ps.size() + " p x " + trials
                + " trial(s))" + (done.isEmpty() ? "" : ", " + done.size() + " already in " + index + " (resumed)")
                + "; the program's output goes to " + log);
        err.flush();
        boolean progress = System.console() != null;
        int count = 0;
        int ran = 0;
        try (Writer appender = Files.newBufferedWriter(index, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            for (int t = 1; t <= trials; t++) {
                for (long n : ns) {
                    OptionalLong serial = OptionalLong.empty();
                    for (int p : ps) {
                        count++;
                        IndexRow row = done.get(IndexRow.key(n, p, t));
                        if (row == null) {
                            row = run(dir, log, n, p, t, serial, cpus.pinning(p, taskset), err);
                            appender.write(SweepIndex.row(row));
                            appender.flush();
                            ran++;
                            if (progress) {
                                err.println(String.format(Locale.ROOT, "forkscope sweep: [%d/%d] n %d, p %d, trial %d:"
                                        + " elapsed %.2f ms, work %.2f ms, not running %.1f%%", count, total, n, p, t,
                                        row.elapsed() / 1e6, row.work() / 1e6, 100 * row.notRunningShare()));
                            }
                            if (row.notRunningShare() >= io.forkscope.report.model.TrainingSet.NOT_RUNNING_LIMIT) {
                                err.println(String.format(Locale.ROOT, "forkscope sweep: warning: %s was off the CPU"
                                        + " %.1f%% of P x elapsed (model fit refuses it: 10%% or more)", row.file(),
                                        100 * row.notRunningShare()));
                            }
                            err.flush();
                        }
                        if (p == 1) {
                            serial = OptionalLong.of(row.work());
                        }
                    }
                }
            }
        } catch (BenchCommand.RunFailed e) {
            err.println("forkscope: " + e.getMessage());
            return 1;
        }
        err.println("forkscope sweep: " + total + " rows in " + index + " (" + ran + " recorded now); fit them with:"
                + " forkscope model fit " + ShellWords.quote(dir));
        return 0;
    }

    /**
     * The rows of an earlier sweep into {@code dir} that this one keeps (those whose recording exists);
     * refuses to mix another command's runs in, or to overwrite recordings no index lists, without --force.
     */
    private Map<String, IndexRow> previous(Path dir, Path index, Path commandFile, String commandLine, List<Long> ns,
                                           List<Integer> ps) throws IOException {
        Map<String, IndexRow> done = new LinkedHashMap<>();
        if (force || !Files.isDirectory(dir)) {
            return done;
        }
        if (Files.exists(index)) {
            String before = Files.exists(commandFile) ? Files.readString(commandFile, StandardCharsets.UTF_8).strip() : "";
            if (!before.equals(commandLine)) {
                throw new UserError(index + ": indexes runs of another command (" + (before.isEmpty() ? "unknown"
                        : before) + "); use --force to start over or choose another -o DIR");
            }
            try {
                for (IndexRow r : SweepIndex.read(index)) {
                    if (Files.exists(dir.resolve(r.file()))) {
                        done.put(r.key(), r);
                    }
                }
            } catch (SweepIndex.Malformed e) {
                throw new UserError(e.getMessage() + "; use --force to start over");
            }
            return done;
        }
        for (long n : ns) {
            for (int p : ps) {
                for (int t = 1; t <= trials; t++) {
                    Path f = dir.resolve(fileName(n, p, t));
                    if (Files.exists(f)) {
                        throw new UserError(f + ": exists and no " + SweepIndex.FILE_NAME + " lists it; use --force to"
                                + " overwrite it or choose another -o DIR");
                    }
                }
            }
        }
        return done;
    }

    /** The sweep's identity in sweep-command.txt: the command, after the region it measures, if any. */
    private String commandLine() {
        return (region == null ? "" : "--region " + ShellWords.quote(region) + " -- ") + join(command);
    }

    static String fileName(long n, int p, int trial) {
        return "n" + n + "-p" + p + "-t" + trial + ".fsk";
    }

    /** Records one run and returns its index row; a run that fails stops the sweep (its partial files are removed). */
    private IndexRow run(Path dir, Path log, long n, int p, int trial, OptionalLong serial, CpuSet.Pinning pin,
                         PrintWriter err) throws IOException, InterruptedException {
        String name = fileName(n, p, trial);
        Path rec = dir.resolve(name);
        List<String> user = new ArrayList<>();
        for (String arg : command) {
            user.add(arg.replace(N_PLACEHOLDER, Long.toString(n)));
        }
        AgentLaunch launch = new AgentLaunch(SelfJar.path(), rec).option("mode=dag").option("workers=" + p)
                .jvmOption("-D" + BenchCommand.COMMON_PARALLELISM + "=" + p).prefix(pin.prefix());
        if (noCollapse) {
            launch.option("collapse=false");
        }
        if (dagMaxNodes != null) {
            launch.option("dag.max.nodes=" + dagMaxNodes);
        }
        removeRecordings(launch);
        ProcessBuilder pb = launch.processBuilder(user);
        Files.writeString(log, "### forkscope sweep: n " + n + ", p " + p + ", trial " + trial + ": "
                + String.join(" ", pb.command()) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process proc = AgentLaunch.start(pb);
        proc.getOutputStream().close();
        int exit = AgentLaunch.await(proc);
        String what = "the run n " + n + ", p " + p + ", trial " + trial + " (" + join(user) + ")";
        if (exit != 0) {
            removeRecordings(launch);
            throw new BenchCommand.RunFailed(what + " exited with code " + exit + "; its output is in " + log
                    + "; the runs before it are kept: run the sweep again to resume");
        }
        List<Path> files = launch.recordings();
        if (files.isEmpty()) {
            throw new BenchCommand.RunFailed(what + " wrote no recording: did the command start a JVM?");
        }
        if (files.size() > 1) {
            err.println("forkscope sweep: " + what + " started " + files.size() + " JVMs; only the first one's"
                    + " recording, " + name + ", is indexed");
        }
        Recording recording = RecordingInput.read(rec, err);
        if (!recording.complete()) {
            removeRecordings(launch);
            throw new BenchCommand.RunFailed(RecordingInput.lost(recording, rec.toString(), "a partial DAG")
                    + "; not indexed");
        }
        Dag dag = DagInput.dag(recording, rec.toString());
        if (region != null) {
            dag = regionDag(recording, dag, rec.toString(), region);
        }
        DelayReport report = DelaySpotter.analyze(dag);
        return row(n, p, trial, name, report, serial, pin);
    }

    /**
     * The part of the DAG inside the last occurrence of the region (as predict --region takes it: the nodes
     * that started and ended inside it, over its frame); a failed run when the recording has no such region
     * or no node inside it (the recording is kept, not indexed, and recorded again on resume).
     */
    static Dag regionDag(Recording recording, Dag dag, String name, String label) {
        RegionRecord last = null;
        for (RegionRecord r : recording.regions()) {
            if (r.label().equals(label)) {
                last = r;
            }
        }
        if (last == null) {
            throw new BenchCommand.RunFailed(name + " has no region '" + label + "' (its regions: "
                    + (recording.regions().isEmpty() ? "none" : String.join(", ", recording.regions().stream()
                    .map(RegionRecord::label).collect(java.util.stream.Collectors.toCollection(TreeSet::new))))
                    + "); not indexed");
        }
        long end = last.startNs() + last.measures().elapsedNs();
        java.util.OptionalLong window = recording.info().dagWindowEnd();
        if (window.isPresent() && window.getAsLong() < end) {
            throw new BenchCommand.RunFailed(name + ": the DAG's budget ended its window before the end of region '"
                    + label + "' (the warm-up filled it); not indexed: sweep with --dag-max-nodes 0 or a larger budget");
        }
        Dag inside = DagWindow.within(dag, last.startNs(), end);
        if (inside.nodes().isEmpty()) {
            throw new BenchCommand.RunFailed(name + ": no node of the DAG lies inside region '" + label + "'; not indexed");
        }
        return inside;
    }

    static IndexRow row(long n, int p, int trial, String file, DelayReport report, OptionalLong serial,
                        CpuSet.Pinning pin) {
        DagStats s = report.stats();
        LossBreakdown b = report.breakdown();
        return new IndexRow(n, p, trial, file, s.createTask(), s.waitTasks(), s.work(), Math.round(b.delay()),
                Math.round(b.noWork()), Math.round(b.notRunning()), Math.round(b.recorder()), s.elapsed(),
                s.criticalPath(), s.workers(), s.slotTime(), p == 1 ? OptionalLong.of(s.work()) : serial, pin.cores(),
                pin.pinned());
    }

    private static void removeRecordings(AgentLaunch launch) throws IOException {
        for (Path f : launch.recordings()) {
            Files.deleteIfExists(f);
        }
    }

    /** Replaces the index by these rows, through a temporary file moved over it. */
    static void rewrite(Path index, List<IndexRow> rows) throws IOException {
        Path temp = Files.createTempFile(index.getParent(), "." + index.getFileName(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                SweepIndex.write(rows, w);
            }
            try {
                Files.move(temp, index, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, index, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** @return the sizes of "1000,2000,4000", ascending and distinct */
    static List<Long> parseSizes(String text) {
        TreeSet<Long> out = new TreeSet<>();
        try {
            for (String part : text.split(",")) {
                long v = Long.parseLong(part.trim());
                if (v < 0) {
                    throw new NumberFormatException();
                }
                out.add(v);
            }
        } catch (NumberFormatException e) {
            throw new UserError("--n needs whole problem sizes of 0 or more such as 1000,2000,4000, not '" + text + "'");
        }
        return new ArrayList<>(out);
    }

    static String join(List<String> words) {
        return String.join(" ", words.stream().map(ShellWords::quote).toList());
    }
}
