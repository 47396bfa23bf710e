package io.forkscope.recorder.sites;

import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.SitesResult;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskModel;
import io.forkscope.recorder.engine.TaskNode;
import io.forkscope.recorder.engine.ThreadClassifier;

/**
 * A {@link SiteBackend} that drives the whole {@link SpanEngine} in abstract units with its site
 * hooks, with the event sequences the weaver and the ForkJoinPool hooks produce: a call site is
 * {@code siteEnter}/{@code siteExit}; a fork is {@code siteFork} (at a site) then {@code create} and
 * {@code resume}; running a task is {@code execBegin}/{@code execEnd} (nested on whatever this
 * thread runs, as a helping join or a work-first run); a join is {@code waitBegin}, then any
 * helping, then {@code waitEnd}. Simulated thread k is real thread k of a {@link Baton} (at most
 * {@link #threads} of them; the test's thread is 0): a task run on another thread is a steal,
 * nested on whatever that thread's stack holds, as a worker that helps while it joins.
 */
final class EngineSites implements SiteBackend {
    /** A task of the simulated runtime: done once its body ended. */
    static final class Task implements TaskHandle {
        boolean done;
        private TaskNode node;

        @Override
        public TaskNode getForkscopeNode() {
            return node;
        }

        @Override
        public void setForkscopeNode(TaskNode node) {
            this.node = node;
        }
    }

    static final TaskModel MODEL = new TaskModel() {
        @Override
        public boolean isDone(TaskHandle task) {
            return ((Task) task).done;
        }

        @Override
        public boolean isCompleter(TaskHandle task) {
            return false;
        }

        @Override
        public TaskHandle completerOf(TaskHandle task) {
            return null;
        }
    };

    static final ThreadClassifier PLAIN = new ThreadClassifier() {
        @Override
        public boolean ignore(Thread thread) {
            return false;
        }

        @Override
        public int poolParallelism(Thread thread) {
            return 0;
        }
    };

    final SpanEngine engine;
    private final int threads;

    EngineSites() {
        this(1);
    }

    EngineSites(int threads) {
        this.engine = new SpanEngine(Unit.ABSTRACT, 0, System::nanoTime, MODEL, PLAIN);
        this.threads = Math.min(threads, Baton.SHARED.threads());
        engine.enableSites();
    }

    @Override
    public void onThread(int thread, Runnable part) {
        Baton.SHARED.runOn(thread % threads, part);
    }

    /** The engine's own whole-run measures (T1, T∞). */
    WorkSpan whole() {
        return engine.snapshot(true).measures();
    }

    @Override
    public void work(int thread, long units) {
        engine.work(units);
    }

    @Override
    public int enter(int thread, int site, int method) {
        return engine.siteEnter(site, method);
    }

    @Override
    public void exit(int thread, int token) {
        engine.siteExit(token);
    }

    @Override
    public Object fork(int thread, int site, int method) {
        if (site >= 0) {
            engine.siteFork(site, method);
        }
        Task t = new Task();
        engine.create(t);
        engine.resume();
        return t;
    }

    @Override
    public void begin(int thread, Object task) {
        if (!engine.execBegin((Task) task)) {
            throw new IllegalStateException("the engine refused a runnable task");
        }
    }

    @Override
    public void end(int thread, Object task) {
        ((Task) task).done = true;
        engine.execEnd((Task) task);
    }

    @Override
    public void joinBegin(int thread) {
        engine.waitBegin();
    }

    @Override
    public void joinEnd(int thread, Object task) {
        engine.waitEnd((Task) task);
    }

    @Override
    public Object regionStart(int thread, String label) {
        return engine.regionStart(label);
    }

    @Override
    public void regionStop(int thread, Object mark) {
        engine.regionStop(mark);
    }

    /** The regions' site profiles, without the "end" region {@link #finish} adds. */
    @Override
    public java.util.List<io.forkscope.model.sites.RegionSites> regions() {
        return engine.sitesRegions().stream().filter(r -> !r.label().equals("end")).toList();
    }

    /** The engine's own region records (T1, T∞ per region), in the order they closed, without "end". */
    java.util.List<io.forkscope.model.RegionRecord> regionRecords() {
        java.util.List<io.forkscope.model.RegionRecord> out = new java.util.ArrayList<>();
        engine.drainRegions(r -> {
            if (!r.label().equals("end")) {
                out.add(r);
            }
        }, true);
        return out;
    }

    @Override
    public SitesResult finish() {
        // The engine counts a strand when an event ends it: one more event ends the root's last one.
        engine.regionStop(engine.regionStart("end"));
        return engine.sitesResult();
    }
}
