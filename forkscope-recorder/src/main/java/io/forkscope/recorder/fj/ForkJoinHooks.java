package io.forkscope.recorder.fj;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

/**
 * The static entry points that the advice woven into java.util.concurrent calls. This class is on
 * the bootstrap class path, so java.base can link to it. Each entry is one volatile read when
 * recording is off; any throwable from the engine disables recording for good (with one line on
 * stderr) and never reaches the program.
 *
 * <p>A failure is final: {@link #fail} clears the engine (so no hook calls it again, on any
 * thread, once the volatile write is seen), marks recording {@link #stopped()} (which the region
 * hooks read before each call, whatever the order in which the agent installed them), then runs
 * the failure handler once, on the failing thread, before saying so on stderr.
 */
public final class ForkJoinHooks {
    private static volatile SpanEngine engine;
    private static volatile Consumer<Throwable> onFailure = t -> { };

    private ForkJoinHooks() {}

    /**
     * Turns the hooks on for {@code e}; {@code failureHandler} runs at the first internal error. If
     * one happened already (weaving fails before the hooks are turned on), the hooks stay off and
     * the handler runs at once. A failure racing with this call may run the handler twice, so
     * handlers must be idempotent.
     */
    // public, like disable: ForkJoinRecorder calls it from the system class loader, a different
    // runtime package than this class's on the bootstrap class path (see Premain)
    public static void enable(SpanEngine e, Consumer<Throwable> failureHandler) {
        onFailure = failureHandler;
        engine = e;
        Throwable earlier = Failure.firstOrNull();
        if (earlier != null) {
            engine = null;
            try {
                failureHandler.accept(earlier);
            } catch (Throwable ignored) {
                // as in fail
            }
        }
    }

    public static void disable() {
        engine = null;
    }

    public static void create(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.create((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** {@code fork()}'s entry when its return has no hook ({@link SpanEngine#createOpening}). */
    public static void createOpening(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.createOpening((TaskHandle) task);   // no pause: only without count.jdk (forkOpensStrand)
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /** {@code ForkJoinPool.createWorker()} begins ({@link SpanEngine#pushCodeBegins}); its result goes to {@link #workerCreated}. */
    public static long createsWorker() {
        SpanEngine e = engine;
        if (e != null) {
            try {
                return e.pushCodeBegins();
            } catch (Throwable t) {
                fail(t);
            }
        }
        return Long.MIN_VALUE;
    }

    /** {@code ForkJoinPool.createWorker()} returned or threw ({@link SpanEngine#pushCodeEnds}). */
    public static void workerCreated(long before) {
        if (before == Long.MIN_VALUE) {
            return;
        }
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.pushCodeEnds(before);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void resume() {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.resume();
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static boolean execBegin(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                return e.execBegin((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
        return false;
    }

    /**
     * doExec()'s entry ({@link ExecAdvice}): the thread's state when the engine tracks this execution,
     * for doExec's exit to hand to {@link #execEnds}, else null.
     */
    public static Object execBegins(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                return e.execBegins((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
        return null;
    }

    /** doExec()'s exit, with what {@link #execBegins} returned on this thread (not null). */
    public static void execEnds(Object task, Object state) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.execEnds((TaskHandle) task, state);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /**
     * A wait method's entry ({@link WaitAdvice}): the thread's state, for the method's exit to hand to
     * {@link #waitEnds}, or null when the event was ignored.
     */
    public static Object waitBegins() {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                return e.waitBegins();
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
        return null;
    }

    /** A wait method's exit, with what {@link #waitBegins} returned on this thread (null: found again). */
    public static void waitEnds(Object task, Object state) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.waitEnds((TaskHandle) task, state);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** Called from inside {@code doExec()}, right after {@code exec()} returned ({@link ExecReturnWeaver}). */
    public static void execReturned(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.execReturned((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static void execEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.execEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static void waitBegin() {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.waitBegin();
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static void waitEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.waitEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static void waitEnd(Object first, Object second) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.waitEnd((TaskHandle) first, (TaskHandle) second);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** End of a static invokeAll: its arguments are tasks, an array of tasks, or a collection of them. */
    public static void waitEndAll(Object[] arguments) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                List<Object> tasks = new ArrayList<>();
                for (Object a : arguments) {
                    if (a instanceof Object[] array) {
                        tasks.addAll(java.util.Arrays.asList(array));
                    } else if (a instanceof Collection<?> c) {
                        tasks.addAll(c);
                    } else {
                        tasks.add(a);
                    }
                }
                e.waitEndAll(tasks);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** {@code task.tryUnfork()} returned true. */
    public static void unforked(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.unforked((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** {@code task.reinitialize()} is called. */
    public static void reinitialized(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.reinitialized((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** A program class's {@code compute()} starts; true if {@link #inlineEnd} must follow. */
    public static boolean inlineBegin(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                return e.inlineBegin((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
        return false;
    }

    public static void inlineEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.inlineEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** End of helpQuiesce, awaitQuiescence or awaitTermination; {@code quiescent}: the pool said so. */
    public static void quiescenceEnd(boolean quiescent) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.quiescenceEnd(quiescent);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    public static void completion(Object completer) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.completion((TaskHandle) completer);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    // ------------------------------------------------------------ call sites (record --sites)
    // Woven into application classes by the site weaver around each call site (docs/cilkprof-design.md).

    /**
     * Right before the invoke instruction at call site {@code site} of method {@code method}; returns
     * the token that the matching {@link #siteExit} passes back (the thread's site depth before the
     * call), or -1 when nothing was entered.
     */
    public static int siteEnter(int site, int method) {
        if (io.forkscope.recorder.sites.SiteThrottle.isOff(site)) {
            return -1;   // throttled: a plain call from now on
        }
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                return e.siteEnter(site, method);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
        return -1;
    }

    /**
     * The bootstrap method of a woven enter ({@code invokedynamic siteEnter()I} with the site and
     * method ids as static arguments): a call site that calls {@link #siteEnter}, relinked to the
     * constant -1 when the site is throttled (see {@link io.forkscope.recorder.sites.SiteLinks}).
     * Never throws.
     */
    public static java.lang.invoke.CallSite siteLink(java.lang.invoke.MethodHandles.Lookup caller, String name,
                                                     java.lang.invoke.MethodType type, int site, int method) {
        BytecodeCounter.pause();
        try {
            return io.forkscope.recorder.sites.SiteLinks.link(EnterHandle.ENTER, site, method);
        } catch (Throwable t) {   // e.g. EnterHandle failed to initialise: the site is not profiled
            fail(t);
            return new java.lang.invoke.ConstantCallSite(java.lang.invoke.MethodHandles.constant(int.class, -1));
        } finally {
            BytecodeCounter.resume();
        }
    }

    /**
     * The bootstrap method of a woven exit ({@code invokedynamic siteExit(I)V}): the token test
     * in front of {@link #siteExit}, inlined into the woven method (see
     * {@link io.forkscope.recorder.sites.SiteLinks#linkExit}). Never throws.
     */
    public static java.lang.invoke.CallSite siteExitLink(java.lang.invoke.MethodHandles.Lookup caller, String name,
                                                         java.lang.invoke.MethodType type) {
        BytecodeCounter.pause();
        try {
            return io.forkscope.recorder.sites.SiteLinks.linkExit(EnterHandle.EXIT);
        } catch (Throwable t) {   // e.g. EnterHandle failed to initialise: no exit (the next one below unwinds)
            fail(t);
            return new java.lang.invoke.ConstantCallSite(java.lang.invoke.MethodHandles.dropArguments(
                    java.lang.invoke.MethodHandles.empty(java.lang.invoke.MethodType.methodType(void.class)), 0, int.class));
        } finally {
            BytecodeCounter.resume();
        }
    }

    /** {@link #siteEnter} and {@link #siteExit} as method handles, created at the first link (not when this class loads). */
    private static final class EnterHandle {
        static final java.lang.invoke.MethodHandle ENTER = find("siteEnter",
                java.lang.invoke.MethodType.methodType(int.class, int.class, int.class));
        static final java.lang.invoke.MethodHandle EXIT = find("siteExit",
                java.lang.invoke.MethodType.methodType(void.class, int.class));

        private static java.lang.invoke.MethodHandle find(String name, java.lang.invoke.MethodType type) {
            try {
                return java.lang.invoke.MethodHandles.lookup().findStatic(ForkJoinHooks.class, name, type);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Right after the invoke instruction returned normally. When the call threw, no exit runs: the
     * next exit or task end with a lower token closes what the exception left open.
     */
    public static void siteExit(int token) {
        if (token < 0) {
            return;   // first, so that a throttled site's constant token -1 compiles the exit away
        }
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.siteExit(token);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** Right before {@code fork()}, {@code submit} or {@code execute} at fork site {@code site}. */
    public static void siteFork(int site, int method) {
        SpanEngine e = engine;
        if (e != null) {
            BytecodeCounter.pause();     // the hook's own JDK calls are never counted (count.jdk)
            try {
                e.siteFork(site, method);
            } catch (Throwable t) {
                fail(t);
            } finally {
                BytecodeCounter.resume();
            }
        }
    }

    /** @return whether an internal error stopped recording for good */
    public static boolean stopped() {
        return Failure.happened();
    }

    /** Stops recording for good after an internal error, saying so once. */
    public static void fail(Throwable t) {
        engine = null;
        if (Failure.first(t)) {
            try {
                onFailure.accept(t);
            } catch (Throwable ignored) {
                // the handler must not break the program either; the line below still tells
            }
            Failure.say(t);
        }
    }
}
