package io.forkscope.recorder.agent;

import io.forkscope.model.RecordingInfo;
import io.forkscope.model.Unit;
import io.forkscope.model.RecordingWriter;
import io.forkscope.recorder.count.weave.CountTransformer;
import io.forkscope.recorder.count.weave.JdkCountTransformer;
import io.forkscope.recorder.engine.Clock;
import io.forkscope.recorder.engine.CoarseClock;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.fj.ForkJoinHooks;
import io.forkscope.recorder.engine.ThreadCpuClock;
import io.forkscope.recorder.fj.ForkJoinRecorder;
import io.forkscope.recorder.fj.ForkJoinTaskModel;
import io.forkscope.recorder.fj.PoolParallelismWeaver;
import io.forkscope.recorder.fj.WorkerStack;
import io.forkscope.recorder.fj.WorkerStackWeaver;
import io.forkscope.recorder.output.RecordingSink;
import io.forkscope.recorder.sites.weave.SiteScope;
import io.forkscope.recorder.sites.weave.SiteTransformer;
import io.forkscope.recorder.timing.RegionTimer;
import io.forkscope.spi.RecorderBridge;
import java.lang.instrument.Instrumentation;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Starts recording, loaded by the system class loader (see {@link Premain}): parses the options,
 * opens the recording file, weaves the ForkJoinPool recorder, plugs the API's hooks in and starts
 * the sink. Any failure here leaves the program running without recording, with one line on
 * stderr.
 */
public final class Agent {
    public static final String VERSION = "0.1.0";
    /** Information key: the parallelism imposed on the program's own pools (agent option workers). */
    public static final String INFO_WORKERS = "workers";
    /** Information key: the common pool's parallelism as the system property set it, or "default". */
    public static final String INFO_COMMON_PARALLELISM = "common.parallelism";

    /** Information key: "true" when call sites were woven (agent option sites), with .include/.exclude patterns. */
    public static final String INFO_SITES = "sites";

    /** Information key: "true" when the run's stacks were sampled (agent option sample). */
    public static final String INFO_SAMPLE = "sample";
    /** Information key: the sampling period in ms (agent option sample.period.ms). */
    public static final String INFO_SAMPLE_PERIOD_MS = "sample.period.ms";

    /** Information keys (unit=bytecodes): classes woven to count, classes and methods left uncounted. */
    public static final String INFO_COUNTED_CLASSES = "bytecodes.classes";
    public static final String INFO_UNCOUNTED_CLASSES = "bytecodes.uncounted.classes";
    public static final String INFO_UNCOUNTED_METHODS = "bytecodes.uncounted.methods";

    /**
     * Information keys (count.jdk=true): the JDK's classes woven to count, those that could not be, their
     * methods too large once counted, and their {@code @IntrinsicCandidate} methods left uncounted.
     */
    public static final String INFO_COUNT_JDK = "bytecodes.jdk";
    public static final String INFO_JDK_CLASSES = "bytecodes.jdk.classes";
    public static final String INFO_JDK_UNCOUNTED_CLASSES = "bytecodes.jdk.uncounted.classes";
    public static final String INFO_JDK_INTRINSICS = "bytecodes.jdk.intrinsic.methods";
    public static final String INFO_JDK_UNCOUNTED_METHODS = "bytecodes.jdk.uncounted.methods";

    /** Information key: the sampling engine asked for (agent option sampler). */
    public static final String INFO_SAMPLER = "sampler";

    private Agent() {}

    /**
     * @return null when it records, else why not (also printed on stderr): the late start
     *     ({@link LateAttach}) hands it to whoever attached the agent
     */
    public static String start(String options, Instrumentation inst) {
        try {
            preload();
            long pid = ProcessHandle.current().pid();
            AgentOptions opts = AgentOptions.parse(options, pid);
            if (opts.countJdk()) {
                // before any transformer is added: each is then paused while it runs (PausingTransformer)
                io.forkscope.recorder.count.BytecodeCounter.countJdk();
            }
            if (opts.timesRegionsOnly()) {
                startTiming(opts, pid, inst);
                return null;
            }
            ForkJoinTaskModel model = ForkJoinRecorder.model();
            Clock clock = strandClock(opts);
            long originNs = System.nanoTime();   // the engine's origin, to within its constructor's time (µs)
            SpanEngine engine = new SpanEngine(opts.unit(), opts.burden(), InjectedFailure.clock(clock), model, model,
                    opts.recordsDag(), opts.collapse());
            Long slowHooks = Long.getLong("forkscope.test.slowHooksNs");   // forkscope's own tests only
            if (slowHooks != null) {
                engine.slowHooksForTest(slowHooks);
            }
            if (clock == Clock.SYSTEM && opts.unit() == Unit.TIME && opts.cpuThresholdNs() != AgentOptions.CPU_OFF) {
                engine.warn("this JVM cannot read a thread's CPU time: strand times include time threads were"
                        + " blocked or preempted");
            }
            useCompilerClock(engine);
            ForkJoinRecorder recorder = new ForkJoinRecorder(engine.needsBodyReturns(), engine.forkOpensStrand());
            OutputFile.Opened file = OutputFile.open(opts.out(), opts.force(), pid);
            if (!file.path().equals(opts.out())) {
                System.err.println("forkscope: " + opts.out() + " exists; recording to " + file.path());
            }
            giveWorkersStack(opts, inst, engine);
            RecordingSink sink = new RecordingSink(new RecordingWriter(file.stream()), info(opts, pid), engine,
                    opts.flushMs());
            if (opts.recordsDag()) {
                sink.dagMaxNodes(opts.dagMaxNodes());
            }
            measureMachineLoad(sink);
            if (opts.workers() != AgentOptions.KEEP_WORKERS || opts.fifoPools() != null) {
                // before the recorder, which loads (and so weaves) ForkJoinPool at once
                new PoolParallelismWeaver().install(inst, opts.workers(), opts.fifoPools());
            }
            // Every hook stops at the first internal error (ForkJoinHooks.fail): the fork/join hooks at
            // once, the region and work hooks by the check they make first (whenever they were
            // installed) and by being uninstalled; the sink then writes the failure into the file.
            // At the JVM's exit the sink turns every hook off before its final drain.
            sink.stopHooksOnClose(() -> {
                recorder.disable();
                RecorderBridge.install(null);
            });
            sink.onInternalError(ForkJoinHooks::fail);
            if (opts.sites()) {
                // before the recorder's transformer: this weaver reads application classes as compiled,
                // ComputeWeaver then wraps the woven compute() (see SiteTransformer)
                io.forkscope.recorder.sites.SiteThrottle.configure(opts.sitesThrottleNs());
                engine.enableSites();
                new SiteTransformer(SiteScope.of(opts.sitesInclude(), opts.sitesExclude())).install(inst);
            }
            if (opts.unit() == Unit.BYTECODES) {
                // after the call-site weaver (its hooks are recognised, not counted), before the
                // recorder's (its advice around compute() is then not counted either)
                CountTransformer counting = new CountTransformer();
                counting.install(inst);
                sink.infoOnClose(() -> Map.of(INFO_COUNTED_CLASSES, Long.toString(counting.wovenClasses()),
                        INFO_UNCOUNTED_CLASSES, Long.toString(counting.failures()),
                        INFO_UNCOUNTED_METHODS, Long.toString(counting.uncountedMethods())));
            }
            if (opts.countJdk()) {
                // before the recorder loads the fork/join runtime, whose static initialisers must be paused
                // (PausedMethods); the runtime itself is never woven to count (JdkScope)
                JdkCountTransformer jdk = new JdkCountTransformer();
                jdk.install(inst);
                sink.infoOnClose(() -> Map.of(INFO_COUNT_JDK, "true",
                        INFO_JDK_CLASSES, Long.toString(jdk.wovenClasses()),
                        INFO_JDK_UNCOUNTED_CLASSES, Long.toString(jdk.failures()),
                        INFO_JDK_INTRINSICS, Long.toString(jdk.intrinsicMethods()),
                        INFO_JDK_UNCOUNTED_METHODS, Long.toString(jdk.uncountedMethods())));
            }
            recorder.install(inst);
            if (!recorder.bodyEndsSeen()) {
                engine.warn("task ends: this JDK's ForkJoinTask.doExec has no exec() call forkscope knows, so each"
                        + " task's last strand also holds the runtime's time after its body (marking it done, waking"
                        + " a parked joiner: some µs a task)");
            }
            recorder.enable(engine, failure -> {
                RecorderBridge.install(null);
                sink.recorderFailed(failure);
            });
            RecorderBridge.install(new RegionHooks(engine, opts.unit().optionName(), opts.sites()));
            if (opts.sample()) {
                startSampling(opts, originNs, inst, engine, sink);
            }
            watchSignals(sink);
            sink.start();
            return null;
        } catch (Throwable t) {
            System.err.println("forkscope: could not start, the program runs without recording: " + t.getMessage());
            return t.getMessage() == null ? t.toString() : t.getMessage();
        }
    }

    /** Information key: the stack size in bytes given to ForkJoinPool workers, or "default" (worker.stack). */
    public static final String INFO_WORKER_STACK = "worker.stack";

    /**
     * Agent option worker.stack: gives the program's ForkJoinPool workers more stack than the JVM's
     * default, as the recorder takes more per level of nested task execution (see
     * {@link WorkerStack}). When it cannot be done the run goes on with the JVM's default and a
     * warning in the recording: the program is no worse off than without this.
     */
    private static void giveWorkersStack(AgentOptions opts, Instrumentation inst, SpanEngine engine) {
        long bytes = opts.workerStack();
        if (bytes == AgentOptions.WORKER_STACK_OFF) {
            return;
        }
        try {
            if (bytes == AgentOptions.WORKER_STACK_AUTO) {
                bytes = WorkerStack.scaled(defaultThreadStackBytes());
                if (bytes == 0) {
                    engine.warn("worker stacks: the JVM's default thread stack size is unknown, so ForkJoinPool"
                            + " workers keep it; deeply nested tasks could overflow it under the recorder"
                            + " (agent option worker.stack=SIZE sets one)");
                    return;
                }
            }
            new WorkerStackWeaver().install(inst, bytes);
            workerStackBytes = bytes;
        } catch (Throwable t) {
            engine.warn("worker stacks: could not give ForkJoinPool workers more stack (" + t + ")");
        }
    }

    /** The stack size given to workers, for the recording's information; 0 if none. */
    private static volatile long workerStackBytes;

    /** @return the JVM's default thread stack size (-Xss, ThreadStackSize) in bytes, or 0 if unknown */
    private static long defaultThreadStackBytes() {
        try {
            var vm = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            return vm == null ? 0 : Long.parseLong(vm.getVMOption("ThreadStackSize").getValue()) << 10;
        } catch (RuntimeException | LinkageError e) { // not HotSpot, or no jdk.management
            return 0;
        }
    }

    /**
     * Starts sampling (agent option sample; {@link StackSampling}) and hands its end to the sink. A
     * sampler that cannot start leaves the run recorded without samples: one line on stderr, a warning
     * in the recording, the rest as usual.
     */
    private static void startSampling(AgentOptions opts, long originNs, Instrumentation inst, SpanEngine engine,
                                      RecordingSink sink) {
        StackSampling sampler;
        try {
            sampler = StackSampling.start(opts.sampler(), opts.samplePeriodMs(), originNs, inst, engine::warn);
        } catch (Throwable t) {
            System.err.println("forkscope: could not start sampling, the run is recorded without samples: " + t);
            engine.warn("stack samples: sampling could not start (" + t + ")");
            return;
        }
        if (opts.recordsDag() && opts.sites()) {
            // the submitters' stacks, for the logical contexts of tasks submitted from outside the pools
            try {
                // initialised here, not first inside a hook (JVM-NOTES: no class of ours loads in a hook)
                Class.forName(SubmissionEvent.class.getName(), true, Agent.class.getClassLoader());
                engine.onSubmission(new SubmissionEvent.Listener());
            } catch (Throwable t) {
                engine.warn("submitters' stacks: not recorded (" + t + ")");
            }
        }
        sink.samplesOnClose(() -> {
            try {
                return sampler.finish();   // the samples and each thread's CPU time while sampled
            } finally {
                sampler.cleanUp();
            }
        });
    }

    /**
     * {@code mode=regions}: times regions and the whole run, weaving nothing but, with
     * {@code workers=P}, ForkJoinPool's constructors (see {@link RegionTimer}). Everything the timing
     * path needs is done here, before the program's main: weaving ForkJoinPool (not when the program
     * first touches it) and letting the JIT work off the compilations that queued (see {@link JitBacklog}),
     * loading the timer's and the sink's classes (a first flush), so that no class of the agent loads
     * inside a timed region and the whole run's clock starts after the agent's set-up.
     */
    private static void startTiming(AgentOptions opts, long pid, Instrumentation inst) throws Exception {
        OutputFile.Opened file = OutputFile.open(opts.out(), opts.force(), pid);
        if (!file.path().equals(opts.out())) {
            System.err.println("forkscope: " + opts.out() + " exists; recording to " + file.path());
        }
        if (opts.workers() != AgentOptions.KEEP_WORKERS || opts.fifoPools() != null) {
            PoolParallelismWeaver pools = new PoolParallelismWeaver();
            pools.install(inst, opts.workers(), opts.fifoPools());
            pools.weaveNow();   // a failure is said on stderr by the weaver; pools then keep their own
            JitBacklog.await();   // the weaving's compilations, worked off before main rather than inside it
        }
        Map<String, String> info = info(opts, pid);
        info.put(RecordingInfo.MODE, AgentOptions.MODE_REGIONS);
        RegionTimer timer = new RegionTimer(Clock.SYSTEM, opts.workers());
        timer.warmUp();
        RecordingSink sink = new RecordingSink(new RecordingWriter(file.stream()), info, timer, opts.flushMs());
        sink.flush();   // the flusher's path, loaded now rather than at its first round inside the program
        RecorderBridge.install(timer);
        measureMachineLoad(sink);
        watchSignals(sink);
        sink.start();
    }

    /**
     * The machine's load from now (the agent's start) to the close, into the recording's information:
     * the share of the CPUs other processes used (analysis/machine/MachineLoad; two reads of
     * {@code /proc} files, none in between). Without {@code /proc} the recording just lacks it.
     */
    private static void measureMachineLoad(RecordingSink sink) {
        try {
            io.forkscope.model.machine.MachineLoad.Meter meter = io.forkscope.model.machine.MachineLoad.meter();
            sink.infoOnClose(() -> meter.stop().asInfo());
        } catch (RuntimeException | LinkageError e) {
            // the machine's load stays unknown
        }
    }

    /** Lets the sink say which signal ended the run, if one did; a JVM where that cannot be watched records as before. */
    private static void watchSignals(RecordingSink sink) {
        try {
            SignalWatch watch = SignalWatch.install();
            sink.endedBy(watch::endedBy);
        } catch (Throwable t) {
            // no sun.misc.Signal in this runtime: the recording cannot tell a signal from a normal end
        }
    }

    /**
     * The wall clock with the thread's CPU clock for time units (unless cpu.threshold.us=off or the
     * JVM has no thread CPU time); created here, at agent start, as it loads java.management. With
     * unit=bytecodes and no DAG, a coarse clock: lengths are counts, so the clock only dates events.
     */
    private static Clock strandClock(AgentOptions opts) {
        if (opts.unit() == Unit.BYTECODES && !opts.recordsDag()) {
            return CoarseClock.start();     // lengths are counts: the clock only dates events (see CoarseClock)
        }
        if (opts.unit() != Unit.TIME || opts.cpuThresholdNs() == AgentOptions.CPU_OFF) {
            return Clock.SYSTEM;
        }
        Clock cpu = ThreadCpuClock.create(opts.cpuThresholdNs());
        return cpu == null ? Clock.SYSTEM : cpu;
    }

    /** Regions and the whole run carry the JIT compilers' time; without the counter, they say it is unknown. */
    private static void useCompilerClock(SpanEngine engine) {
        try {
            engine.useCompilerClock(JvmCompilerClock.create());
        } catch (RuntimeException | LinkageError e) {
            engine.warn("JIT compilation time: not measured (" + e + ")");
        }
    }

    /**
     * Loads the classes the hooks use before any ForkJoinTask exists, so that no class of ours is
     * first loaded from inside a transformation or a hot hook (ClassCircularityError, JVM-NOTES).
     */
    private static void preload() throws ClassNotFoundException {
        String[] names = {"io.forkscope.recorder.count.BytecodeCounter",
            "io.forkscope.recorder.engine.Frame", "io.forkscope.recorder.engine.ThreadState",
            "io.forkscope.recorder.engine.TaskNode", "io.forkscope.recorder.engine.CompleterNode",
            "io.forkscope.recorder.engine.RegionToken", "io.forkscope.recorder.engine.DagRecorder",
            "io.forkscope.recorder.engine.NotRunningTime",
            "io.forkscope.recorder.engine.ThreadRegistry", "io.forkscope.recorder.engine.ThreadRegistry$Roster",
            "io.forkscope.recorder.engine.ThreadRegistry$Retired", "io.forkscope.recorder.engine.SpanEngine$Totals",
            "io.forkscope.recorder.engine.SpanEngine$ClosedRegion", "io.forkscope.recorder.engine.StoppedRegion",
            // what a thread's first event, or one after its ThreadLocals were erased, touches
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ThreadLocalRandom",
            "java.util.concurrent.atomic.LongAdder", "java.util.concurrent.atomic.Striped64$Cell",
            "io.forkscope.model.dag.RecordedNode", "io.forkscope.model.dag.EdgeKind", "io.forkscope.model.dag.NodeEnd",
            "io.forkscope.recorder.fj.ForkJoinHooks", "io.forkscope.recorder.fj.Failure",
            "io.forkscope.model.RegionRecord", "io.forkscope.model.RecorderFailure", "io.forkscope.recorder.engine.CompilerClock", "io.forkscope.model.WorkSpan", "io.forkscope.model.WholeRun"};
        for (String name : names) {
            Class.forName(name, true, Agent.class.getClassLoader());
        }
    }

    private static Map<String, String> info(AgentOptions opts, long pid) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.RECORDER_VERSION, VERSION);
        info.put(RecordingInfo.MODE, opts.mode());
        info.put(RecordingInfo.UNIT, opts.unit().optionName());
        info.put(RecordingInfo.BURDEN, Long.toString(opts.burden()));
        info.put(RecordingInfo.BURDEN_SOURCE, opts.burdenSource());
        info.put(RecordingInfo.JAVA_VERSION, System.getProperty("java.version", "?"));
        info.put(RecordingInfo.JAVA_VM, System.getProperty("java.vm.name", "?") + " " + System.getProperty("java.vm.version", ""));
        info.put(RecordingInfo.COMMAND, System.getProperty("sun.java.command", "?"));
        info.put(RecordingInfo.PID, Long.toString(pid));
        info.put(RecordingInfo.START_EPOCH_MS, Long.toString(System.currentTimeMillis()));
        info.put(RecordingInfo.AVAILABLE_PROCESSORS, Integer.toString(Runtime.getRuntime().availableProcessors()));
        if (workerStackBytes > 0) {
            info.put(INFO_WORKER_STACK, Long.toString(workerStackBytes));
        }
        if (opts.workers() != AgentOptions.KEEP_WORKERS) {
            info.put(INFO_WORKERS, Integer.toString(opts.workers()));
        }
        if (opts.unit() == Unit.TIME) {
            info.put("cpu.threshold.us", opts.cpuThresholdNs() == AgentOptions.CPU_OFF ? "off"
                    : Long.toString(opts.cpuThresholdNs() / 1000));
        }
        if (opts.recordsDag()) {
            info.put("dag.collapse", Boolean.toString(opts.collapse()));
        }
        if (opts.sites()) {
            info.put(INFO_SITES, "true");
            if (!opts.sitesInclude().isEmpty()) {
                info.put(INFO_SITES + ".include", String.join(":", opts.sitesInclude()));
            }
            if (!opts.sitesExclude().isEmpty()) {
                info.put(INFO_SITES + ".exclude", String.join(":", opts.sitesExclude()));
            }
            info.put(INFO_SITES + ".throttle.ns", opts.sitesThrottleNs() > 0 ? Long.toString(opts.sitesThrottleNs())
                    : "off");
        }
        if (opts.sample()) {
            info.put(INFO_SAMPLE, "true");
            info.put(INFO_SAMPLE_PERIOD_MS, Long.toString(opts.samplePeriodMs()));
            info.put(INFO_SAMPLER, opts.sampler());   // asked for; the samples' file says which sampled
        }
        if (opts.fifoPools() != null) {
            info.put("pool.mode", opts.fifoPools() ? "fifo" : "lifo");
        }
        info.put(INFO_COMMON_PARALLELISM,
                System.getProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "default"));
        return info;
    }
}
