package io.forkscope.cli;

import io.forkscope.model.Calibration;
import io.forkscope.model.CalibrationFile;
import io.forkscope.model.RecordingException;
import io.forkscope.model.Unit;
import io.forkscope.recorder.sites.weave.SiteScope;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What to record and how: the agent's options as {@code record} takes them, shared with {@code example
 * --record} so a bundled program records exactly as the user's own would (a picocli mixin).
 */
final class RecordingOptions {
    @Option(names = "--unit", paramLabel = "time|abstract|bytecodes", defaultValue = "time",
            description = {"strand length: measured time, the units the program declares with Forkscope.work, or the"
                + " bytecode instructions the application's classes execute (counted by code woven into them as they"
                + " load: the same numbers on every run and machine; docs/counted-work.md) (default: ${DEFAULT-VALUE})"})
    String unit;

    @Option(names = "--count-jdk",
            description = {"with --unit bytecodes: also count the JDK's code the program calls (java.lang, java.util"
                + " but not its concurrent package, java.math, java.text, java.time; woven as they load,"
                + " retransformed when loaded already); by default a call into the JDK counts as its one"
                + " instruction (docs/counted-work.md)"})
    boolean countJdk;

    @Option(names = "--burden-ns", paramLabel = "N|auto",
            description = {"cost of migrating a task in one steal, put on every create edge (default 6250, Cilkscale's);"
                + " in abstract mode, in units; with --unit bytecodes in instructions (default 15000, Cilkview's);",
                "auto: this machine's calibrated value for the command's JDK (forkscope calibrate; run first if missing)"})
    String burdenText;

    @Option(names = "--mode", paramLabel = "cilkview|dag",
            description = {"cilkview (the default without --sample): work, span, burdened span and regions;",
                "dag: also the run's DAG (worker, times, edges by kind) for forkscope delays, profile, export and"
                    + " compare; sub-DAGs one worker ran alone are collapsed into one node (see --no-collapse)"})
    String mode;

    @Option(names = "--no-collapse",
            description = "with --mode dag: keep every strand (by default a sub-DAG one worker ran alone becomes one node)")
    boolean noCollapse;

    @Option(names = "--dag-max-nodes", paramLabel = "N",
            description = "with --mode dag: keep the DAG's first N nodes (default 1,000,000, some 30 MB), then end its"
                + " window; work, span and regions still cover the whole run; 0: no bound")
    Long dagMaxNodes;

    @Option(names = "--pool-mode", paramLabel = "fifo|lifo",
            description = "make every ForkJoinPool the program creates FIFO (asyncMode) or LIFO, to compare both")
    String poolMode;

    @Option(names = "--sites",
            description = "weave call sites into the application's classes as they load, for forkscope sites"
                    + " (docs/call-site-weaving.md)")
    boolean sites;

    @Option(names = "--sites-include", paramLabel = "PATTERNS", split = ",",
            description = {"with --sites, only classes matching one of these patterns are application classes:"
                + " com.acme.* (one package), com.acme.** (and its subpackages), com.acme.Main (one class and its"
                + " nested classes); comma-separated or repeated; implies --sites"})
    List<String> sitesInclude = new ArrayList<>();

    @Option(names = "--sites-exclude", paramLabel = "PATTERNS", split = ",",
            description = "classes matching one of these patterns are not application classes (no sites in them,"
                    + " calls to them are not sites); implies --sites")
    List<String> sitesExclude = new ArrayList<>();

    @Option(names = "--sample",
            description = {"also sample every running thread's stack (async-profiler, or JFR: see --sampler), for"
                + " forkscope contexts (work, idleness and overhead by logical calling context); see --contexts"})
    boolean sample;

    @Option(names = "--sampler", paramLabel = "async-profiler|jfr",
            description = {"with --sample: the sampling engine: async-profiler (default; a sample per period of each"
                + " thread's CPU time; JFR where its bundled library cannot load) or jfr (the JDK Flight Recorder's"
                + " execution sampler); implies --sample"})
    String sampler;

    @Option(names = "--contexts", paramLabel = "logical|physical",
            description = {"with --sample: logical (the default) also records the DAG and the call sites (--mode dag"
                + " --sites), so each task's samples hang below the fork sites of its ancestors and idleness and"
                + " overhead are exact; physical: the samples alone (cheaper; every task below the root, idleness"
                + " estimated); implies --sample. An explicit --mode cilkview means physical"})
    String contexts;

    @Option(names = "--sample-period-ms", paramLabel = "N",
            description = "with --sample: the sampling period (default 10; JFR's floor is 1); implies --sample")
    Long samplePeriodMs;

    /**
     * JFR's stack depth for the sampled JVM: its default, 64, cuts recursive fork/join stacks well above
     * the pool's run loop, where logical contexts start. 2048 is JFR's largest (JDK 17 and 25 take it silently).
     */
    static final String STACK_DEPTH_OPTION = "-XX:FlightRecorderOptions:stackdepth=2048";

    /**
     * Lets async-profiler's library load without JDK 22+'s "restricted method" warning on the program's
     * stderr. The flag is one for all unnamed modules, so the program's own class path gets native
     * access too (its own System.load calls no longer warn either).
     */
    static final String NATIVE_ACCESS_OPTION = "--enable-native-access=ALL-UNNAMED";

    /** @return whether any of these options was given (example takes them only with --record) */
    boolean anyGiven() {
        return !"time".equals(unit) || countJdk || burdenText != null || mode != null || noCollapse || dagMaxNodes != null
                || poolMode != null || sites
                || !sitesInclude.isEmpty() || !sitesExclude.isEmpty() || sample || sampler != null || contexts != null
                || samplePeriodMs != null;
    }

    /**
     * Checks the options and makes the launch that records into {@code out} (which the caller has
     * checked may be written); {@code program} is the command's program (for --burden-ns auto: its JDK).
     */
    AgentLaunch launch(Path out, String program, PrintWriter err) throws Exception {
        Unit u = parseUnit(unit);
        if (contexts != null && !contexts.equals("logical") && !contexts.equals("physical")) {
            throw new UserError("--contexts is logical or physical, not '" + contexts + "'");
        }
        if (sampler != null && !sampler.equals("async-profiler") && !sampler.equals("jfr")) {
            throw new UserError("--sampler is async-profiler or jfr, not '" + sampler + "'");
        }
        boolean sampling = sample || samplePeriodMs != null || contexts != null || sampler != null;
        if ("logical".equals(contexts) && ((mode != null && !mode.equals("dag")) || u != Unit.TIME)) {
            throw new UserError("--contexts logical records the DAG: it needs --mode dag (or no --mode) and --unit time");
        }
        // logical contexts are the default of --sample: they need the DAG and the fork sites
        boolean logical = sampling && !"physical".equals(contexts) && (mode == null || mode.equals("dag"))
                && u == Unit.TIME;
        String recordMode = mode != null ? mode : logical ? "dag" : "cilkview";
        boolean weaveSites = sites || logical;
        if (!recordMode.equals("cilkview") && !recordMode.equals("dag")) {
            throw new UserError("--mode is cilkview or dag, not '" + recordMode + "'");
        }
        requireNodeCount(dagMaxNodes);
        if (dagMaxNodes != null && !recordMode.equals("dag")) {
            throw new UserError("--dag-max-nodes needs --mode dag");
        }
        if (poolMode != null && !poolMode.equals("fifo") && !poolMode.equals("lifo")) {
            throw new UserError("--pool-mode is fifo or lifo, not '" + poolMode + "'");
        }
        if (recordMode.equals("dag") && u == Unit.ABSTRACT) {
            throw new UserError("--mode dag needs --unit time or bytecodes (declared units cannot be split at the DAG's nodes)");
        }
        if (countJdk && u != Unit.BYTECODES) {
            throw new UserError("--count-jdk counts instructions: it needs --unit bytecodes");
        }
        List<String> include = patterns("--sites-include", sitesInclude);
        List<String> exclude = patterns("--sites-exclude", sitesExclude);
        boolean auto = "auto".equals(burdenText);
        Long burden = auto ? null : parseBurden(burdenText);
        if (auto && u != Unit.TIME) {
            throw new UserError("--burden-ns auto is a time; with --unit " + u.optionName() + " give the burden in "
                    + u.symbol() + (u == Unit.BYTECODES ? " (default 15000, Cilkview's)" : ""));
        }
        Path calibration = auto ? calibration(program, err) : null;
        AgentLaunch launch = new AgentLaunch(SelfJar.path(), out, u, burden, burden == null ? null : "option",
                calibration);
        if (countJdk) {
            launch.option("count.jdk=true");
        }
        if (recordMode.equals("dag")) {
            launch.option("mode=dag");
            if (noCollapse) {
                launch.option("collapse=false");
            }
            if (dagMaxNodes != null) {
                launch.option("dag.max.nodes=" + dagMaxNodes);
            }
        }
        if (poolMode != null) {
            launch.option("pool.mode=" + poolMode);
        }
        if (weaveSites || !include.isEmpty() || !exclude.isEmpty()) {
            launch.option("sites=true");
            if (!include.isEmpty()) {
                launch.option("sites.include=" + String.join(":", include));
            }
            if (!exclude.isEmpty()) {
                launch.option("sites.exclude=" + String.join(":", exclude));
            }
        }
        if (samplePeriodMs != null && samplePeriodMs < 1) {
            throw new UserError("--sample-period-ms needs at least 1 (JFR samples at most every millisecond)");
        }
        if (sampling) {
            launch.option("sample=true");
            if (samplePeriodMs != null) {
                launch.option("sample.period.ms=" + samplePeriodMs);
            }
            if (sampler != null) {
                launch.option("sampler=" + sampler);
            }
            if (!"jfr".equals(sampler)) {
                // JDK 22+ would warn on stderr when async-profiler's library loads (JDK 17 takes the option too)
                launch.jvmOption(NATIVE_ACCESS_OPTION);
            }
            launch.jvmOption(STACK_DEPTH_OPTION);
        }
        return launch;
    }

    /** @return the patterns trimmed (the agent's options must not contain spaces), each checked */
    private static List<String> patterns(String option, List<String> patterns) {
        List<String> checked = new ArrayList<>();
        for (String p : patterns) {
            String problem = SiteScope.problem(p.trim());
            if (problem != null) {
                throw new UserError(option + ": " + problem);
            }
            checked.add(p.trim());
        }
        return checked;
    }

    private static Long parseBurden(String text) {
        if (text == null) {
            return null;
        }
        try {
            long v = Long.parseLong(text);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new UserError("--burden-ns needs a non-negative whole number of nanoseconds or 'auto', not '" + text + "'");
    }

    /**
     * @return the calibration file for the JDK the command runs (its launcher when the command is
     *     java, else the JDK running forkscope), calibrating first when there is none
     */
    private static Path calibration(String program, PrintWriter err) throws Exception {
        JavaInstallation.Jdk jdk = AgentLaunch.isJavaLauncher(program)
                ? JavaInstallation.of(program).orElse(JavaInstallation.current()) : JavaInstallation.current();
        Path file = Calibrator.cacheFile(jdk);
        if (!Files.isRegularFile(file)) {
            Calibrator.checkCache();
            err.println("forkscope: no calibration for Java " + jdk.version() + " on this machine;"
                    + " running forkscope calibrate (a few seconds)...");
            Calibrator.busyMachine().ifPresent(w -> err.println("forkscope: warning: " + w));
            Calibrator.Result r = Calibrator.calibrate(jdk, Calibrator.DEFAULT_FORKS);
            Calibrator.disturbed(r.latency()).ifPresent(w -> err.println("forkscope: warning: " + w));
            file = r.file();
        }
        if (file.toString().contains(",")) {
            throw new UserError(file + ": the calibration file's path must not contain a comma"
                    + " (agent options are comma-separated)");
        }
        try {
            Calibration c = CalibrationFile.read(file);
            err.println("forkscope: burden " + c.burdenNs() + " ns, " + c.sourceDescription(file));
        } catch (RecordingException e) {
            throw new UserError(e.getMessage() + "; delete it and run forkscope calibrate");
        }
        return file;
    }

    static Unit parseUnit(String text) {
        try {
            return Unit.fromOptionName(text);
        } catch (IllegalArgumentException e) {
            throw new UserError("--unit: " + e.getMessage());
        }
    }

    /** --dag-max-nodes, when given (null: not given), is a count of nodes, 0 for no bound (record, sweep). */
    static void requireNodeCount(Long dagMaxNodes) {
        if (dagMaxNodes != null && dagMaxNodes < 0) {
            throw new UserError("--dag-max-nodes is a count of nodes (0: no bound), not " + dagMaxNodes);
        }
    }
}
