package io.forkscope.recorder.fj;

import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The static entry points that the advice woven into java.util.concurrent calls. This class is on
 * the bootstrap class path, so java.base can link to it. Each entry is one volatile read when
 * recording is off; any throwable from the engine disables recording for good (with one line on
 * stderr) and never reaches the program.
 */
public final class ForkJoinHooks {
    private static volatile SpanEngine engine;
    private static volatile Runnable onFailure = () -> { };

    private ForkJoinHooks() {}

    // public, like disable: ForkJoinRecorder calls them from the system class loader, a different
    // runtime package than this class's on the bootstrap class path (see Premain)
    public static void enable(SpanEngine e, Runnable failureHandler) {
        onFailure = failureHandler;
        engine = e;
    }

    public static void disable() {
        engine = null;
    }

    public static void create(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.create((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void resume() {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.resume();
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static boolean execBegin(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                return e.execBegin((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
        return false;
    }

    public static void execEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.execEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void waitBegin() {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.waitBegin();
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void waitEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.waitEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void waitEnd(Object first, Object second) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.waitEnd((TaskHandle) first, (TaskHandle) second);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /** End of a static invokeAll: its arguments are tasks, an array of tasks, or a collection of them. */
    public static void waitEndAll(Object[] arguments) {
        SpanEngine e = engine;
        if (e != null) {
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
            }
        }
    }

    /** {@code task.tryUnfork()} returned true. */
    public static void unforked(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.unforked((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /** A program class's {@code compute()} starts; true if {@link #inlineEnd} must follow. */
    public static boolean inlineBegin(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                return e.inlineBegin((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
        return false;
    }

    public static void inlineEnd(Object task) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.inlineEnd((TaskHandle) task);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /** End of helpQuiesce, awaitQuiescence or awaitTermination; {@code quiescent}: the pool said so. */
    public static void quiescenceEnd(boolean quiescent) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.quiescenceEnd(quiescent);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void completion(Object completer) {
        SpanEngine e = engine;
        if (e != null) {
            try {
                e.completion((TaskHandle) completer);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /** Stops recording for good after an internal error, saying so once. */
    public static void fail(Throwable t) {
        engine = null;
        onFailure.run();
        Failure.report(t);
    }
}
