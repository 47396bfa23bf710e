package io.forkscope.recorder.sites;

import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.SiteKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The call sites woven into application classes, by dense id, and the dense ids of the methods
 * that contain them (Cilkprof's φ). On the bootstrap class path: the weaver (system class loader)
 * registers sites while a class loads, the sink reads them at the end of the run.
 *
 * <p>Ids are handed out under this class's lock in registration order, so they are dense from 0;
 * a site's id is woven into its class as a constant before the class can run, so any id an event
 * carries was registered before that event (the class's definition happens-before its code runs).
 */
public final class SiteRegistry {
    private static final List<CallSite> SITES = new ArrayList<>();
    /** Callee names of sites the DAG runs through, never throttled ({@link SiteThrottle}). */
    private static final java.util.Set<String> STARTS_OR_WAITS_FOR_TASKS =
            java.util.Set.of("compute", "exec", "invoke", "invokeAll", "quietlyInvoke");
    private static final Map<String, Integer> METHODS = new HashMap<>();
    /** Application classes that got sites, that could not be woven (they run without sites), weaving time. */
    private static final AtomicLong WOVEN_CLASSES = new AtomicLong();
    private static final AtomicLong UNWOVEN_CLASSES = new AtomicLong();
    private static final AtomicLong WEAVING_NANOS = new AtomicLong();

    private SiteRegistry() {
    }

    /** The dense id of a method ({@code className} with dots), the same for every site in it. */
    public static synchronized int method(String className, String methodName, String descriptor) {
        return METHODS.computeIfAbsent(className + '.' + methodName + descriptor, k -> METHODS.size());
    }

    /** Registers a site and returns its dense id. */
    public static synchronized int site(int callerMethod, String className, String methodName, String descriptor,
                                        int bci, int line, String sourceFile, SiteKind kind, String callee) {
        int id = SITES.size();
        SITES.add(new CallSite(id, callerMethod, className, methodName, descriptor, bci, line, sourceFile, kind,
                callee));
        if (callee != null && STARTS_OR_WAITS_FOR_TASKS.contains(callee.substring(callee.lastIndexOf('.') + 1))) {
            SiteThrottle.keep(id);
        }
        return id;
    }

    /** Every site registered so far, by id. */
    public static synchronized List<CallSite> sites() {
        return List.copyOf(SITES);
    }

    /**
     * The weaver tells how one application class went: woven (it has sites), or not wovable (it
     * runs without its sites: the recording should say so), and how long deciding and weaving took.
     */
    public static void classWeaving(boolean woven, boolean failed, long nanos) {
        if (woven) {
            WOVEN_CLASSES.incrementAndGet();
        }
        if (failed) {
            UNWOVEN_CLASSES.incrementAndGet();
        }
        WEAVING_NANOS.addAndGet(nanos);
    }

    /** @return application classes that got call sites */
    public static long wovenClasses() {
        return WOVEN_CLASSES.get();
    }

    /** @return application classes that could not be woven and run without their call sites */
    public static long unwovenClasses() {
        return UNWOVEN_CLASSES.get();
    }

    /** @return the time spent weaving (and deciding not to) over all application classes, in ns */
    public static long weavingNanos() {
        return WEAVING_NANOS.get();
    }

    /** Forgets every site (tests only: one JVM runs many recordings). */
    static synchronized void clear() {
        SITES.clear();
        METHODS.clear();
        WOVEN_CLASSES.set(0);
        UNWOVEN_CLASSES.set(0);
        WEAVING_NANOS.set(0);
        SiteLinks.reset();   // ids start again from 0: a link made for an old id must not be reused
    }
}
