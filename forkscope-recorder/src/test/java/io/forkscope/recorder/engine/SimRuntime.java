package io.forkscope.recorder.engine;

import io.forkscope.model.Unit;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import java.util.function.Consumer;

/**
 * A single-threaded fork/join runtime that drives {@link SpanEngine} with the same event sequence
 * the ForkJoinPool hooks produce: fork = create + resume; join = waitBegin, run the task (or other
 * pending tasks first, as a helping worker would) nested, waitEnd; invoke = a call; CountedCompleter
 * tryComplete = completion then pending-count bookkeeping. In abstract units the measures do not
 * depend on the order tasks run in, so any schedule must give the oracle's values.
 */
final class SimRuntime implements TaskModel, ThreadClassifier {
    final SpanEngine engine;
    private final Deque<SimTask> pending = new ArrayDeque<>();
    private final Random schedule;

    /** In time mode the clock stands still except in {@link #work}, so a strand's time is its units. */
    private final long[] clock = {1_000};
    /** The (one) thread's CPU clock in time mode: {@link #work} advances it, {@link #stall} does not. */
    private final long[] cpu = {0};
    private final boolean timeMode;
    /** Counted units (unit = bytecodes): {@link #work} adds to the thread's BytecodeCounter, as woven code does. */
    private final boolean counted;
    /**
     * The hooks the agent weaves in bytecodes without a DAG or count.jdk ({@link SpanEngine#forkOpensStrand}):
     * a fork is one hook ({@link SpanEngine#createOpening}), and doExec and the wait methods hand the
     * state their entry hook returned to their exit hook ({@link SpanEngine#execBegins}, {@link SpanEngine#waitBegins}).
     */
    private boolean agentHooks;
    /** In time mode, how far every read of the clock moves it (0: it stands still but in work). */
    private long tickPerRead;
    private boolean readsOnCpu;
    /** In time mode, the runtime's time between a body's return and its task's end hook. */
    private long runtimeAfterBody;

    SimRuntime(long burden, long seed) {
        this(burden, seed, false);
    }

    /** @param timeAndDag measure time with a fake clock (advanced by work) and record the DAG */
    SimRuntime(long burden, long seed, boolean timeAndDag) {
        this(burden, seed, timeAndDag, true);
    }

    SimRuntime(long burden, long seed, boolean timeAndDag, boolean collapse) {
        this(burden, seed, timeAndDag, timeAndDag, collapse);
    }

    /** Time mode with or without the DAG ({@code dag} false: what record's default cilkview mode runs). */
    static SimRuntime timed(boolean dag) {
        return new SimRuntime(0, 1, true, dag, false);
    }

    /** Counted units: a strand's length is what its {@link #work} added to this thread's instruction count. */
    static SimRuntime counted(long burden, long seed) {
        return new SimRuntime(burden, seed, false, false, false, true);
    }

    /** {@link #counted}, with the hooks the agent weaves for that unit without a DAG (see {@link #agentHooks}). */
    static SimRuntime countedWithAgentHooks(long burden, long seed) {
        SimRuntime rt = counted(burden, seed);
        rt.agentHooks = true;
        return rt;
    }

    private SimRuntime(long burden, long seed, boolean time, boolean dag, boolean collapse) {
        this(burden, seed, time, dag, collapse, false);
    }

    private SimRuntime(long burden, long seed, boolean time, boolean dag, boolean collapse, boolean counted) {
        boolean timeAndDag = time;
        this.timeMode = timeAndDag;
        this.counted = counted;
        Clock withCpu = new Clock() {
            @Override
            public long nanoTime() {
                clock[0] += tickPerRead;
                if (readsOnCpu) {
                    cpu[0] += tickPerRead;
                }
                return clock[0];
            }

            @Override
            public long threadCpuTime() {
                return cpu[0];
            }

            @Override
            public long cpuThresholdNs() {
                return 0;     // every strand is read: its not-running time is exact
            }
        };
        this.engine = timeAndDag
                ? new SpanEngine(Unit.TIME, burden, withCpu, this, this, dag, collapse)
                : new SpanEngine(counted ? Unit.BYTECODES : Unit.ABSTRACT, burden, System::nanoTime, this, this);
        this.schedule = new Random(seed);
    }

    /**
     * Time mode: from now on, after each task body run through doExec returns, the runtime takes
     * {@code ns} (of CPU) before the task's end hook, as marking it done and waking a joiner does.
     */
    void runtimeAfterBody(long ns) {
        runtimeAfterBody = ns;
    }

    /** Time mode: every clock read from now on moves the clock by {@code ns}, so a loop on the clock ends. */
    void tickEveryRead(long ns) {
        tickEveryRead(ns, false);
    }

    /** The same; with {@code onCpu}, each read also moves the thread's CPU clock (the hooks run, not stop). */
    void tickEveryRead(long ns, boolean onCpu) {
        tickPerRead = ns;
        readsOnCpu = onCpu;
    }

    // ------------------------------------------------------------ what programs call

    void work(long units) {
        if (timeMode) {
            clock[0] += units;
            cpu[0] += units;
        } else if (counted) {
            io.forkscope.recorder.count.BytecodeCounter.add(units);
            engine.work(units);         // declared units are not counted units: the engine ignores them
        } else {
            engine.work(units);
        }
    }

    /** {@code if (t.tryUnfork()) t.invoke();}: t, still queued, is taken back and then run by invoke (doExec). */
    void unforkThenInvoke(SimTask t) {
        if (!pending.remove(t)) {
            throw new IllegalStateException("not queued");
        }
        engine.unforked(t);
        invoke(t);
    }

    /** Time mode: the thread is off its CPU for {@code ns} (preempted), inside whatever strand is open. */
    void stall(long ns) {
        clock[0] += ns;
    }

    SimTask fork(Consumer<SimRuntime> body) {
        return fork(new SimTask(body));
    }

    SimTask fork(SimTask t) {
        if (agentHooks) {
            engine.createOpening(t);
            pending.push(t);
            return t;
        }
        engine.create(t);
        pending.push(t);
        engine.resume();
        return t;
    }

    /** ForkJoinPool.invoke/submit from outside a pool: same create edge as a fork. */
    SimTask submit(Consumer<SimRuntime> body) {
        return fork(body);
    }

    void join(SimTask t) {
        Object state = null;
        if (agentHooks) {
            state = engine.waitBegins();
        } else {
            engine.waitBegin();
        }
        while (!t.done) {
            // a helping worker may run other pending tasks before the one it waits for
            SimTask next;
            boolean runnable = !t.started && pending.contains(t);
            if (runnable && (pending.size() == 1 || schedule.nextInt(3) != 0)) {
                next = t;
                pending.remove(t);
            } else if (!pending.isEmpty()) {
                next = pending.pop();
            } else {
                throw new IllegalStateException("joined a task that can never complete");
            }
            exec(next);
        }
        if (agentHooks) {
            engine.waitEnds(t, state);
        } else {
            engine.waitEnd(t);
        }
    }

    /** ForkJoinTask.invoke() on an unforked task: a plain call (exec inline, then wait). */
    void invoke(Consumer<SimRuntime> body) {
        invoke(new SimTask(body));
    }

    void invoke(SimTask t) {
        engine.waitBegin();
        exec(t);
        while (!t.done) {
            exec(pending.pop());
        }
        engine.waitEnd(t);
    }

    /** Static invokeAll(t1, ..., tn): fork t2..tn, run t1 inline, wait for all. */
    void invokeAll(SimTask... tasks) {
        engine.waitBegin();
        for (int i = tasks.length - 1; i >= 1; i--) {
            engine.create(tasks[i]);
            pending.push(tasks[i]);
            engine.resume();
        }
        exec(tasks[0]);
        for (SimTask t : tasks) {
            while (!t.done) {
                SimTask next = pending.contains(t) ? t : pending.pop();
                pending.remove(next);
                exec(next);
            }
        }
        engine.waitEndAll(java.util.List.of((Object[]) tasks));
    }

    /** Static invokeAll(Collection) of a random-access list: the same events, the list as argument. */
    void invokeAllCollection(java.util.List<SimTask> tasks) {
        engine.waitBegin();
        for (int i = tasks.size() - 1; i >= 1; i--) {
            engine.create(tasks.get(i));
            pending.push(tasks.get(i));
            engine.resume();
        }
        exec(tasks.get(0));
        for (SimTask t : tasks) {
            while (!t.done) {
                SimTask next = pending.contains(t) ? t : pending.pop();
                pending.remove(next);
                exec(next);
            }
        }
        engine.waitEndAll(tasks);
    }

    /**
     * {@code if (t.tryUnfork()) t.compute(); else t.join();}: when t is still queued (and, at
     * random, when it is not on top of the queue, which the real deque would refuse but the
     * engine must not care about), it is taken back and its body runs as a direct compute():
     * no doExec, and the task is never marked done, as in ForkJoinTask.
     */
    void unforkOrJoin(SimTask t) {
        if (!t.started && pending.contains(t) && schedule.nextInt(4) != 0) {
            pending.remove(t);
            engine.unforked(t);
            t.started = true;
            if (!engine.inlineBegin(t)) {
                throw new IllegalStateException("engine did not take an unforked task inline");
            }
            t.body.accept(this);
            engine.inlineEnd(t);
            t.computedInline = true;
        } else {
            join(t);
        }
    }

    /**
     * {@code if (t.tryUnfork()) <instead>; else t.join();}: when t is still queued ({@code always},
     * or at random), it is taken back and never runs: the caller does {@code instead} itself as a
     * plain call (the work recomputed without the task), or nothing when {@code instead} is null
     * (the fork dropped). Otherwise t is joined.
     */
    void unforkOrRecompute(SimTask t, Consumer<SimRuntime> instead, boolean always) {
        if (!t.started && pending.contains(t) && (always || schedule.nextInt(4) != 0)) {
            pending.remove(t);
            engine.unforked(t);
            if (instead != null) {
                instead.accept(this);
            }
        } else {
            join(t);
        }
    }

    /**
     * {@code ForkJoinTask.helpQuiesce()}: runs tasks until none is pending (a quiescent pool), in
     * the random order helping would, nested in the waiting frame.
     */
    void helpQuiesce() {
        engine.waitBegin();
        while (!pending.isEmpty()) {
            SimTask next = schedule.nextBoolean() ? pending.pop() : pending.pollLast();
            exec(next);
        }
        engine.quiescenceEnd(true);
    }

    /** {@code t.cancel(true)} of a task still queued: it is done and will never run. */
    void cancel(SimTask t) {
        if (pending.remove(t)) {
            t.started = true;
            t.done = true;
        }
    }

    /** CountedCompleter.tryComplete() on {@code t}. */
    void tryComplete(SimTask t) {
        engine.completion(t);
        SimTask a = t;
        while (a != null) {
            if (a.pending == 0) {
                a.done = true;    // onCompletion; the root is marked done, inner ones are "completed"
                a = a.completer;
            } else {
                a.pending--;
                return;
            }
        }
    }

    /**
     * A CountedCompleter forked again before it completed, as Arrays.parallelPrefix's cumulate
     * pass re-forks tasks that ran once already: the task runs its body again when popped.
     */
    /**
     * {@code t.reinitialize()}: a new life for a task that ran (the engine is told first, as the
     * woven method's entry does); its status and pending count are reset. Inner completers were
     * never marked done by the real runtime, so {@code done} is false afterwards whatever it was.
     */
    void reinitialize(SimTask t) {
        engine.reinitialized(t);
        t.done = false;
        t.started = false;
        t.pending = 0;
    }

    void refork(SimTask t) {
        t.started = false;
        fork(t);
    }

    /**
     * Another worker takes the queued task {@code t} and runs it to its end now, while this
     * thread's task is still running; the simulation runs it nested (the engine sees an exec
     * inside a frame that is not waiting, as on a worker that helps without a join).
     */
    void runElsewhereNow(SimTask t) {
        if (!pending.remove(t)) {
            throw new IllegalStateException("not queued");
        }
        exec(t);
    }

    /**
     * {@code quietlyComplete()} of a CountedCompleter: done, with no completion event (the pool's
     * hooks see none; parallelPrefix completes its root this way after its own pending-count protocol).
     */
    void quietlyComplete(SimTask t) {
        t.done = true;
    }

    /** Runs every task still pending (a pool draining its queues after the program stops waiting). */
    void drain() {
        while (!pending.isEmpty()) {
            exec(pending.pop());
        }
    }

    private void exec(SimTask t) {
        if (t.started) {
            return;
        }
        t.started = true;
        Object state = agentHooks ? engine.execBegins(t) : Boolean.valueOf(engine.execBegin(t));
        if (state == null || Boolean.FALSE.equals(state)) {
            throw new IllegalStateException("engine refused a runnable task");
        }
        t.body.accept(this);
        engine.execReturned(t);       // doExec: exec() returned
        if (runtimeAfterBody > 0) {   // the runtime marks it done and wakes its joiners
            clock[0] += runtimeAfterBody;
            cpu[0] += runtimeAfterBody;
        }
        if (!t.countedCompleter) {
            t.done = true;
        }
        if (agentHooks) {
            engine.execEnds(t, state);
        } else {
            engine.execEnd(t);
        }
    }

    // ------------------------------------------------------------ TaskModel, ThreadClassifier

    @Override
    public boolean isDone(TaskHandle task) {
        return ((SimTask) task).done;
    }

    @Override
    public boolean isCompleter(TaskHandle task) {
        return ((SimTask) task).countedCompleter;
    }

    @Override
    public int pendingCount(TaskHandle task) {
        SimTask t = (SimTask) task;
        return t.countedCompleter ? t.pending : -1;
    }

    @Override
    public TaskHandle completerOf(TaskHandle task) {
        return ((SimTask) task).completer;
    }

    @Override
    public boolean ignore(Thread thread) {
        return false;
    }

    @Override
    public int poolParallelism(Thread thread) {
        return 0;
    }
}
