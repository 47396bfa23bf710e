package io.forkscope.recorder.sites;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.util.Arrays;

/**
 * The linkage of woven call sites' enter hooks ({@code invokedynamic}, class files of Java 7 and
 * later): each site's enter is one {@link MutableCallSite} whose target calls the hooks' {@code
 * siteEnter(site, method)}. When {@link SiteThrottle} turns a site off, its target becomes the
 * constant -1 ("nothing entered"); the JIT, which treats a mutable call site's target as a constant
 * and recompiles the code that inlined it when it changes, then compiles the woven enter to nothing,
 * and the woven exit, given the constant token -1, to nothing as well. So a throttled site costs the
 * program nothing, where a static call that asks whether it is off costs a few ns per call: enough
 * to make a program whose hot methods are tiny (knapsack's) several times slower.
 *
 * <p>A live site's hooks are called out of line (through a {@link java.lang.invoke.VolatileCallSite},
 * whose target the JIT does not take for a constant): the woven method compiles a call to the hook,
 * not the engine's code inlined at each of its sites. That costs a live site an indirect call (a
 * few ns of its ~80 ns), and keeps the program's own methods the size they were: a recursive search
 * with eight woven sites compiled to 60-130 KB with the engine inlined, took long enough to compile
 * that a relink in the meantime failed the compilation ("call site target change") and the method
 * ran in the profiling tier for seconds, and spent the JIT's inlining budget of the program's own
 * code on forkscope's.
 *
 * <p>Invariants. One call site per site id (a site id names one instruction of one loaded class): the
 * JVM may run a bootstrap method for one instruction on several threads at once and installs one of
 * the results, so {@link #link} returns the same object every time, created under this class's lock.
 * A call site linked after its site was throttled starts at -1. {@link #link} never throws: a
 * bootstrap method that threw would throw BootstrapMethodError into the program; a link that cannot
 * be made is the constant -1 (the site is simply not profiled). {@link MutableCallSite#setTarget}
 * gives no ordering guarantee to other threads: a thread may call a throttled site's hook a little
 * longer, which only means a few more profiled calls (as with {@link SiteThrottle#isOff}).
 */
public final class SiteLinks {
    private static final MethodHandle OFF = MethodHandles.constant(int.class, -1);
    /** An exit that does nothing: {@code (int)void}. */
    private static final MethodHandle NO_EXIT = MethodHandles.dropArguments(
            MethodHandles.empty(MethodType.methodType(void.class)), 0, int.class);
    private static MutableCallSite[] links = new MutableCallSite[64];

    private SiteLinks() {
    }

    /**
     * @param enter the hooks' {@code siteEnter(int, int)int}
     * @return the call site of {@code site}'s enter, created at its first link
     */
    public static synchronized CallSite link(MethodHandle enter, int site, int method) {
        try {
            if (site < 0) {
                return new ConstantCallSite(OFF);
            }
            if (site >= links.length) {
                links = Arrays.copyOf(links, Math.max(site + 1, links.length * 2));
            }
            MutableCallSite cs = links[site];
            if (cs == null) {
                MethodHandle live = outOfLine(MethodHandles.insertArguments(enter, 0, site, method));
                cs = new MutableCallSite(SiteThrottle.isOff(site) ? OFF : live);
                links[site] = cs;
            }
            return cs;
        } catch (Throwable t) {
            return new ConstantCallSite(OFF);
        }
    }

    /**
     * The call site of a woven exit ({@code invokedynamic siteExit(I)V}, class files of Java 7 and
     * later): the token test in front of the hooks' exit, {@code token < 0 ? nothing : exit(token)},
     * as a method handle the JIT inlines into the woven method whatever it decides about the exit
     * method itself. A static call of the exit, whose first instruction is that test, was enough
     * only while the JIT inlined the call; once the exit method had been compiled on its own with
     * the engine inlined into it, the JIT refused to inline it anywhere ("already compiled into a
     * big method"), and every throttled site kept a real call per invocation: knapsack ran 3-4x
     * slower in about one JVM in four. With the test in the call site, a throttled site's constant
     * token -1 folds the whole exit away in every compilation. The call site is constant: nothing
     * is relinked, so nothing is recompiled. Never throws (a handle that cannot be built links the
     * plain exit).
     *
     * @param exit the hooks' {@code siteExit(int)void}
     */
    public static CallSite linkExit(MethodHandle exit) {
        try {
            return new ConstantCallSite(MethodHandles.guardWithTest(NEGATIVE, NO_EXIT, outOfLine(exit)));
        } catch (Throwable t) {
            return new ConstantCallSite(exit);
        }
    }

    private static final MethodHandle NEGATIVE = negative();

    /**
     * {@code target} behind a {@link java.lang.invoke.VolatileCallSite}, whose target the JIT does
     * not treat as a constant: the woven method compiles a call to the hook, never the hook's body
     * (the engine) inlined at each of its sites.
     */
    private static MethodHandle outOfLine(MethodHandle target) {
        return new java.lang.invoke.VolatileCallSite(target).dynamicInvoker();
    }

    private static MethodHandle negative() {
        try {
            return MethodHandles.lookup().findStatic(SiteLinks.class, "isNegative",
                    MethodType.methodType(boolean.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isNegative(int token) {
        return token < 0;
    }

    /** Whether {@code site}'s enter is an {@code invokedynamic} that has been linked. */
    static synchronized boolean linked(int site) {
        return site >= 0 && site < links.length && links[site] != null;
    }

    /** Makes {@code site}'s enter the constant -1 (called once, when it is throttled). */
    static synchronized void off(int site) {
        if (site >= 0 && site < links.length && links[site] != null) {
            links[site].setTarget(OFF);
        }
    }

    /** Forgets every link (tests: one JVM weaves many classes). */
    static synchronized void reset() {
        links = new MutableCallSite[64];
    }
}
