package io.forkscope.recorder.agent;

import io.forkscope.model.Calibration;
import io.forkscope.model.CalibrationFile;
import io.forkscope.model.RecordingException;
import io.forkscope.model.Unit;
import io.forkscope.recorder.sites.weave.SiteScope;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's options: {@code -javaagent:forkscope.jar=out=fib.fsk,unit=abstract,burden=100}.
 *
 * <pre>
 * out=FILE         where to write the recording (default forkscope-PID.fsk)
 * force            overwrite FILE if it exists (otherwise the recording goes to FILE-PID.fsk)
 * unit=time|abstract|bytecodes   strand lengths in nanoseconds, in Forkscope.work units, or in
 *                  bytecode instructions the application's classes executed (counted by code woven
 *                  into them as they load; docs/counted-work.md)
 * burden=N         cost put on each create edge (a steal migrates the child), in the unit
 *                  (default 6250, Cilkscale's time-mode burden in ns; with unit=bytecodes 15000,
 *                  Cilkview's instructions per steal)
 * burden.source=S  where the burden came from, for the report (default "default" or "option")
 * flush=MS         how often to write a snapshot for runs that may be killed (default 1000)
 * calibration=FILE take burden and burden.source from a calibration file of forkscope calibrate
 * mode=cilkview|regions|dag   cilkview (default): work, span and burdened span of everything;
 *                  dag: the same, and every node of the run's DAG (worker, times, edges);
 *                  regions: only the wall-clock time of each region and of the whole run, with
 *                  nothing woven into java.util.concurrent (what forkscope bench measures)
 * collapse=false   with mode=dag, keep every strand (by default a sub-DAG one worker ran alone
 *                  becomes one node)
 * dag.max.nodes=N  with mode=dag, the DAG's budget: after N nodes the DAG's window ends and later
 *                  nodes are left out (the file then holds the run's first window; work, span and
 *                  regions still cover the whole run); 0 = no bound; default 1,000,000 (~30 MB)
 * pool.mode=fifo|lifo   make every ForkJoinPool the program creates FIFO (asyncMode) or LIFO, to
 *                  compare one program on both (forkscope compare)
 * workers=P        give every ForkJoinPool the program creates parallelism P (the common pool's
 *                  is set with -Djava.util.concurrent.ForkJoinPool.common.parallelism=P)
 * count.jdk=true|false   (unit=bytecodes) also count the JDK's own code the program calls: java.lang,
 *                  java.util (but java.util.concurrent), java.math, java.text, java.time, woven as they
 *                  load and retransformed when already loaded (count/weave/JdkScope says what is left
 *                  out and why); default false: a call into the JDK counts as its one instruction
 * cpu.threshold.us=N|off   (unit=time) strands at least N µs long, and strands after a gap of at
 *                  least N µs, read the thread's CPU clock, so time the thread was not running
 *                  (blocked, asleep, preempted) is not strand time; 0 = every strand, off = never
 *                  (wall-clock strands); default 50 (a read costs 300-500 ns of CPU: at most
 *                  ~1% of a strand; every scheduler timeslice is longer, so preemption is caught)
 * sites=true|false weave call sites into application classes as they load (default false; see
 *                  docs/call-site-weaving.md)
 * sites.include=P1:P2   only classes matching one of these patterns are application classes
 *                  (com.acme.* one package, com.acme.** with subpackages, com.acme.Main one class);
 *                  implies sites=true
 * sites.exclude=P1:P2   classes matching one of these are not application classes; implies sites=true
 * sites.throttle.ns=N|off  (unit=time) a call site whose invocations average under N ns of local
 *                  work after 65,536 of them on one thread (4,096 when another site is checked) stops being profiled (its later calls
 *                  are its caller's local work; the recording names it); default 1000
 * sample=true|false  sample every thread's stack and embed the samples in the recording, for
 *                  forkscope contexts (default false; mode cilkview or dag)
 * sampler=async-profiler|jfr   the sampling engine (implies sample=true): async-profiler (default;
 *                  the bundled library, a sample per period of each thread's CPU time; JFR where it
 *                  cannot load) or the JDK Flight Recorder (jdk.ExecutionSample, and jdk.CPUTimeSample
 *                  where the JDK has it); see StackSampling
 * sample.period.ms=N   the sampling period (default 10, implies sample=true): 100 samples per
 *                  second of a thread's CPU time; JFR's execution sampler floors at 1 ms and visits
 *                  only a few threads per period, and 10 ms is JFR's own profiling setting
 * worker.stack=auto|off|SIZE   the stack size of the ForkJoinPool workers the program creates
 *                  (mode cilkview or dag): the recorder's advice and the woven call sites take more
 *                  stack per level of nested task execution, so auto (the default) gives workers
 *                  four times the JVM's default thread stack (-Xss); SIZE as -Xss (4m, 4096k,
 *                  bytes); off keeps the JVM's default
 * </pre>
 */
public record AgentOptions(Path out, boolean force, Unit unit, long burden, String burdenSource, long flushMs,
                           String mode, int workers, Boolean fifoPools, boolean collapse, long cpuThresholdNs,
                           boolean sites, List<String> sitesInclude, List<String> sitesExclude,
                           long sitesThrottleNs, boolean sample, long samplePeriodMs, long workerStack,
                           String sampler, long dagMaxNodes, boolean countJdk) {
    /** The default DAG budget (dag.max.nodes): some 30 MB of format 1.11 nodes. */
    public static final long DEFAULT_DAG_MAX_NODES = 1_000_000;

    /** {@link #workerStack} of worker.stack=auto: a multiple of the JVM's default thread stack. */
    public static final long WORKER_STACK_AUTO = -1;
    /** {@link #workerStack} of worker.stack=off: workers keep the JVM's default. */
    public static final long WORKER_STACK_OFF = 0;
    /** Agent option sampler: async-profiler (the default), JFR where it cannot be used. */
    public static final String SAMPLER_ASYNC_PROFILER = "async-profiler";
    /** Agent option sampler: the JDK Flight Recorder's execution sampler. */
    public static final String SAMPLER_JFR = "jfr";
    /** The sampling period when sample.period.ms is not given (see the class comment). */
    public static final long DEFAULT_SAMPLE_PERIOD_MS = 10;

    public static final long DEFAULT_BURDEN_NS = 6250;
    /**
     * The burden of unit=bytecodes unless one is given: Cilkview's 15,000 instructions per steal, a
     * documented constant (docs/counted-work.md), so that a counted run's burdened numbers do not
     * depend on the machine either.
     */
    public static final long DEFAULT_BURDEN_BYTECODES = 15_000;
    public static final long DEFAULT_CPU_THRESHOLD_NS = 50_000;
    /** Default of sites.throttle.ns: an enter/exit pair costs ~90 ns, so throttled sites cost over ~10%. */
    public static final long DEFAULT_SITES_THROTTLE_NS = 1000;
    /** {@link #cpuThresholdNs} of cpu.threshold.us=off: strands are wall-clock time. */
    public static final long CPU_OFF = Long.MAX_VALUE;
    /** Work, span and burdened span of every section: the recorder proper. */
    public static final String MODE_CILKVIEW = "cilkview";
    /** Wall-clock times of regions and of the whole run only; java.util.concurrent is not woven. */
    public static final String MODE_REGIONS = "regions";
    /** As cilkview, and every node of the run's DAG with worker, times and edges (Delay Spotter). */
    public static final String MODE_DAG = "dag";
    /** Pools keep the parallelism the program gives them. */
    public static final int KEEP_WORKERS = 0;

    public static AgentOptions parse(String text, long pid) {
        Path out = Path.of("forkscope-" + pid + ".fsk");
        boolean force = false;
        Unit unit = Unit.TIME;
        long burden = DEFAULT_BURDEN_NS;
        String source = "default";
        long flush = 1000;
        String mode = MODE_CILKVIEW;
        int workers = KEEP_WORKERS;
        Boolean fifo = null;
        boolean collapse = true;
        long dagMaxNodes = DEFAULT_DAG_MAX_NODES;
        long cpuThreshold = DEFAULT_CPU_THRESHOLD_NS;
        Boolean sites = null;
        List<String> include = List.of();
        List<String> exclude = List.of();
        long throttle = DEFAULT_SITES_THROTTLE_NS;
        Boolean sample = null;
        long samplePeriod = DEFAULT_SAMPLE_PERIOD_MS;
        boolean periodGiven = false;
        String sampler = null;
        long workerStack = WORKER_STACK_AUTO;
        boolean countJdk = false;
        if (text != null && !text.isBlank()) {
            for (String item : text.split(",")) {
                int eq = item.indexOf('=');
                String key = (eq < 0 ? item : item.substring(0, eq)).trim();
                String value = eq < 0 ? "" : item.substring(eq + 1).trim();
                switch (key) {
                    case "out" -> out = Path.of(value);
                    case "sample" -> {
                        if (!value.equals("true") && !value.equals("false")) {
                            throw new IllegalArgumentException("agent option sample is true or false, not '" + value + "'");
                        }
                        sample = value.equals("true");
                    }
                    case "sampler" -> {
                        if (!value.equals(SAMPLER_ASYNC_PROFILER) && !value.equals(SAMPLER_JFR)) {
                            throw new IllegalArgumentException("agent option sampler is " + SAMPLER_ASYNC_PROFILER
                                    + " or " + SAMPLER_JFR + ", not '" + value + "'");
                        }
                        sampler = value;
                    }
                    case "sample.period.ms" -> {
                        samplePeriod = parseNonNegative(key, value);
                        if (samplePeriod < 1) {
                            throw new IllegalArgumentException("agent option sample.period.ms needs at least 1 (JFR's floor)");
                        }
                        periodGiven = true;
                    }
                    case "force" -> force = true;
                    case "count.jdk" -> {
                        if (!value.equals("true") && !value.equals("false")) {
                            throw new IllegalArgumentException("agent option count.jdk is true or false, not '" + value + "'");
                        }
                        countJdk = value.equals("true");
                    }
                    case "unit" -> unit = Unit.fromOptionName(value);
                    case "burden" -> {
                        burden = parseNonNegative(key, value);
                        if (source.equals("default")) {
                            source = "option";
                        }
                    }
                    case "burden.source" -> source = value;
                    case "flush" -> flush = Math.max(10, parseNonNegative(key, value));
                    case "calibration" -> {
                        Path file = Path.of(value);
                        Calibration c = readCalibration(file);
                        burden = c.burdenNs();
                        source = c.sourceDescription(file);
                    }
                    case "mode" -> {
                        if (!value.equals(MODE_CILKVIEW) && !value.equals(MODE_REGIONS) && !value.equals(MODE_DAG)) {
                            throw new IllegalArgumentException("agent option mode is " + MODE_CILKVIEW + ", "
                                    + MODE_REGIONS + " or " + MODE_DAG + ", not '" + value + "'");
                        }
                        mode = value;
                    }
                    case "collapse" -> {
                        if (!value.equals("true") && !value.equals("false")) {
                            throw new IllegalArgumentException("agent option collapse is true or false, not '" + value + "'");
                        }
                        collapse = value.equals("true");
                    }
                    case "dag.max.nodes" -> {
                        try {
                            dagMaxNodes = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            dagMaxNodes = -1;
                        }
                        if (dagMaxNodes < 0) {
                            throw new IllegalArgumentException("agent option dag.max.nodes is a count of nodes (0: no bound),"
                                    + " not '" + value + "'");
                        }
                    }
                    case "pool.mode" -> {
                        if (!value.equals("fifo") && !value.equals("lifo")) {
                            throw new IllegalArgumentException("agent option pool.mode is fifo or lifo, not '" + value + "'");
                        }
                        fifo = value.equals("fifo");
                    }
                    case "workers" -> {
                        long p = parseNonNegative(key, value);
                        if (p < 1 || p > MAX_WORKERS) {
                            throw new IllegalArgumentException("agent option workers needs a number from 1 to "
                                    + MAX_WORKERS + ", not '" + value + "'");
                        }
                        workers = (int) p;
                    }
                    case "cpu.threshold.us" -> cpuThreshold = parseCpuThreshold(value);
                    case "sites" -> {
                        if (!value.equals("true") && !value.equals("false")) {
                            throw new IllegalArgumentException("agent option sites is true or false, not '" + value + "'");
                        }
                        sites = value.equals("true");
                    }
                    case "sites.include" -> include = parsePatterns(key, value);
                    case "sites.exclude" -> exclude = parsePatterns(key, value);
                    case "worker.stack" -> workerStack = parseStackSize(value);
                    case "sites.throttle.ns" -> throttle = value.equals("off") ? 0 : parseNonNegative(key, value);
                    case "" -> { }
                    default -> throw new IllegalArgumentException("unknown agent option '" + key + "'");
                }
            }
        }
        if (mode.equals(MODE_DAG) && unit == Unit.ABSTRACT) {
            throw new IllegalArgumentException("agent option mode=dag needs unit=time or bytecodes (declared units"
                    + " cannot be split at the DAG's nodes)");
        }
        if (countJdk && unit != Unit.BYTECODES) {
            throw new IllegalArgumentException("agent option count.jdk=true needs unit=bytecodes");
        }
        if (unit == Unit.BYTECODES && source.equals("default")) {
            burden = DEFAULT_BURDEN_BYTECODES;
        }
        boolean patterns = !include.isEmpty() || !exclude.isEmpty();
        if (patterns && Boolean.FALSE.equals(sites)) {
            throw new IllegalArgumentException("agent options sites.include and sites.exclude need sites=true");
        }
        boolean withSites = patterns || Boolean.TRUE.equals(sites);
        if (withSites && mode.equals(MODE_REGIONS)) {
            throw new IllegalArgumentException("agent option sites needs mode " + MODE_CILKVIEW + " or " + MODE_DAG);
        }
        if (periodGiven && Boolean.FALSE.equals(sample)) {
            throw new IllegalArgumentException("agent option sample.period.ms needs sample=true");
        }
        if (sampler != null && Boolean.FALSE.equals(sample)) {
            throw new IllegalArgumentException("agent option sampler needs sample=true");
        }
        boolean withSamples = periodGiven || sampler != null || Boolean.TRUE.equals(sample);
        if (withSamples && mode.equals(MODE_REGIONS)) {
            throw new IllegalArgumentException("agent option sample needs mode " + MODE_CILKVIEW + " or " + MODE_DAG);
        }
        return new AgentOptions(out, force, unit, burden, source, flush, mode, workers, fifo, collapse, cpuThreshold,
                withSites, include, exclude, unit == Unit.TIME ? throttle : 0, withSamples, samplePeriod,
                workerStack, sampler == null ? SAMPLER_ASYNC_PROFILER : sampler, dagMaxNodes, countJdk);
    }

    /** @return whether every node of the run's DAG is recorded too (see {@link #MODE_DAG}) */
    public boolean recordsDag() {
        return mode.equals(MODE_DAG);
    }

    /** The largest parallelism a ForkJoinPool accepts (its MAX_CAP). */
    public static final int MAX_WORKERS = 0x7fff;

    /** @return whether this agent only times regions (see {@link #MODE_REGIONS}) */
    public boolean timesRegionsOnly() {
        return mode.equals(MODE_REGIONS);
    }

    private static Calibration readCalibration(Path file) {
        try {
            return CalibrationFile.read(file);
        } catch (RecordingException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** Patterns separated by ':' (',' separates agent options); each checked by {@link SiteScope#problem}. */
    private static List<String> parsePatterns(String key, String value) {
        List<String> patterns = new ArrayList<>();
        for (String p : value.split(":", -1)) {
            String problem = SiteScope.problem(p.trim());
            if (problem != null) {
                throw new IllegalArgumentException("agent option " + key + ": " + problem);
            }
            patterns.add(p.trim());
        }
        return List.copyOf(patterns);
    }

    /** auto, off, or a size as -Xss takes it: bytes, or a number with k, m or g (either case). */
    private static long parseStackSize(String value) {
        if (value.equals("auto")) {
            return WORKER_STACK_AUTO;
        }
        if (value.equals("off")) {
            return WORKER_STACK_OFF;
        }
        String digits = value;
        int shift = 0;
        if (!value.isEmpty()) {
            switch (Character.toLowerCase(value.charAt(value.length() - 1))) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                default -> { }
            }
            if (shift > 0) {
                digits = value.substring(0, value.length() - 1);
            }
        }
        try {
            long n = Long.parseLong(digits);
            if (n >= 1 && n <= (MAX_STACK_BYTES >> shift)) {
                return n << shift;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("agent option worker.stack is auto, off or a size such as 4m, 4096k or"
                + " 4194304 (at most 64g), not '" + value + "'");
    }

    /** The largest worker.stack accepted. */
    private static final long MAX_STACK_BYTES = 64L << 30;

    private static long parseCpuThreshold(String value) {
        if (value.equals("off")) {
            return CPU_OFF;
        }
        try {
            long us = Long.parseLong(value);
            if (us >= 0) {
                return us >= CPU_OFF / 1000 ? CPU_OFF : us * 1000;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("agent option cpu.threshold.us needs a non-negative whole number of"
                + " microseconds or off, not '" + value + "'");
    }

    private static long parseNonNegative(String key, String value) {
        try {
            long v = Long.parseLong(value);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("agent option " + key + " needs a non-negative whole number, not '" + value + "'");
    }
}
