package io.forkscope.recorder.agent;

import io.forkscope.Measurement;
import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.StoppedRegion;
import io.forkscope.recorder.fj.ForkJoinHooks;
import io.forkscope.spi.RecorderHooks;

/**
 * Connects the API's regions and abstract work units to the engine. After an internal error
 * ({@link ForkJoinHooks#stopped()}, read first on every call) it does nothing: the failure handler
 * also uninstalls these hooks, but this check holds whichever of the two happened first.
 */
final class RegionHooks implements RecorderHooks {
    private final SpanEngine engine;
    /** The unit as the agent option names it. */
    private final String unit;
    /** Whether call sites are woven (agent option sites). */
    private final boolean sites;

    RegionHooks(SpanEngine engine, String unit, boolean sites) {
        this.engine = engine;
        this.unit = unit;
        this.sites = sites;
    }

    @Override
    public Object regionStart(String label) {
        if (ForkJoinHooks.stopped()) {
            return null;
        }
        BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
        try {
            return engine.regionStart(label);
        } catch (Throwable t) {
            ForkJoinHooks.fail(t);
            return null;
        } finally {
            BytecodeCounter.resume();
        }
    }

    @Override
    public void regionStop(Object token) {
        if (ForkJoinHooks.stopped()) {
            return;
        }
        BytecodeCounter.pause();
        try {
            engine.regionStop(token);
        } catch (Throwable t) {
            ForkJoinHooks.fail(t);
        } finally {
            BytecodeCounter.resume();
        }
    }

    @Override
    public Measurement regionStopMeasured(Object token) {
        BytecodeCounter.pause();     // MeasuredRegion.of too is forkscope's own code
        try {
            return stopMeasured(token);
        } finally {
            BytecodeCounter.resume();
        }
    }

    private Measurement stopMeasured(Object token) {
        if (ForkJoinHooks.stopped()) {
            return MeasuredRegion.of(null, unit, sites);
        }
        StoppedRegion stopped;
        try {
            stopped = engine.regionStop(token);
        } catch (Throwable t) {
            ForkJoinHooks.fail(t);
            return MeasuredRegion.of(null, unit, sites);
        }
        return MeasuredRegion.of(stopped, unit, sites);   // outside the engine: names sites, allocates
    }

    @Override
    public String unit() {
        return unit;
    }

    @Override
    public void work(long units) {
        if (ForkJoinHooks.stopped()) {
            return;
        }
        BytecodeCounter.pause();
        try {
            engine.work(units);
        } catch (Throwable t) {
            ForkJoinHooks.fail(t);
        } finally {
            BytecodeCounter.resume();
        }
    }
}
