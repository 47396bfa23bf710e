package io.forkscope.recorder.sites.weave;

import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for ForkJoinHooks in the weaver's tests (the weaver is told to call this class): records
 * every hook call, in order, and keeps a per-thread depth as its tokens, like the engine's.
 */
public final class TestHooks {
    /** One hook call: "enter", "exit" or "fork", with the site and method ids, or the token. */
    public record Event(String what, int site, int method, int token, String thread) {
    }

    private static final List<Event> EVENTS = new ArrayList<>();
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private TestHooks() {
    }

    public static int siteEnter(int site, int method) {
        int[] d = DEPTH.get();
        int token = d[0]++;
        add(new Event("enter", site, method, token, Thread.currentThread().getName()));
        return token;
    }

    /** Links a woven enter as production does (SiteLinks), to this class's siteEnter. */
    public static java.lang.invoke.CallSite siteLink(java.lang.invoke.MethodHandles.Lookup caller, String name,
                                                     java.lang.invoke.MethodType type, int site, int method)
            throws ReflectiveOperationException {
        return io.forkscope.recorder.sites.SiteLinks.link(java.lang.invoke.MethodHandles.lookup().findStatic(
                TestHooks.class, "siteEnter", java.lang.invoke.MethodType.methodType(int.class, int.class, int.class)),
                site, method);
    }

    /** Links a woven exit as production does (SiteLinks), to this class's siteExit. */
    public static java.lang.invoke.CallSite siteExitLink(java.lang.invoke.MethodHandles.Lookup caller, String name,
                                                         java.lang.invoke.MethodType type)
            throws ReflectiveOperationException {
        return io.forkscope.recorder.sites.SiteLinks.linkExit(java.lang.invoke.MethodHandles.lookup().findStatic(
                TestHooks.class, "siteExit", java.lang.invoke.MethodType.methodType(void.class, int.class)));
    }

    /**
     * Records every call, a negative token's too (as "exit-nothing"): a woven exit of a throttled
     * site must not reach this method at all (its call site tests the token first), while a class
     * file older than Java 7 calls it statically and it returns at once, as ForkJoinHooks does.
     */
    public static void siteExit(int token) {
        if (token < 0) {
            add(new Event("exit-nothing", -1, -1, token, Thread.currentThread().getName()));
            return;
        }
        DEPTH.get()[0] = token;
        add(new Event("exit", -1, -1, token, Thread.currentThread().getName()));
    }

    public static void siteFork(int site, int method) {
        add(new Event("fork", site, method, -1, Thread.currentThread().getName()));
    }

    private static synchronized void add(Event e) {
        EVENTS.add(e);
    }

    public static synchronized List<Event> events() {
        return List.copyOf(EVENTS);
    }

    public static synchronized void clear() {
        EVENTS.clear();
        DEPTH.remove();
    }
}
