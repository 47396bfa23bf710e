package io.forkscope.recorder.sites;

import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.SiteKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
    private static final Map<String, Integer> METHODS = new HashMap<>();

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
        return id;
    }

    /** Every site registered so far, by id. */
    public static synchronized List<CallSite> sites() {
        return List.copyOf(SITES);
    }

    /** Forgets every site (tests only: one JVM runs many recordings). */
    static synchronized void clear() {
        SITES.clear();
        METHODS.clear();
    }
}
