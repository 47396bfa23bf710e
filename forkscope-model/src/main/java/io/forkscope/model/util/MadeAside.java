package io.forkscope.model.util;

import java.util.function.Supplier;

/**
 * A value made on a daemon thread of its own while the thread that will need it does other work: the
 * large columns of a DAG, whose zeroing and first touch of their pages then fall on the other core
 * ({@code BuilderAhead}, {@code NodeColumns}), or an analysis' pass that needs nothing of what the asking
 * thread does meanwhile ({@code DelaySpotter}'s loss breakdown while it finds the ready path). {@link #get}
 * waits for it without giving up on an interrupt (the interrupt is kept for the caller: a reader half done
 * has nothing to hand back), and throws what the maker threw: an {@link Error} (an OutOfMemoryError above
 * all) as it was, anything else inside an {@link IllegalStateException}. The thread's end happens-before
 * {@link #get}'s return ({@link Thread#join}), so the plain fields it wrote are seen whole. One value, asked
 * for once: a value that several threads ask for wants a {@link java.util.concurrent.FutureTask}.
 */
public final class MadeAside<T> {
    private final String what;
    private final Thread thread;
    private T made;
    private Throwable failure;

    private MadeAside(String threadName, String what, Supplier<? extends T> maker) {
        this.what = what;
        thread = new Thread(() -> {
            try {
                made = maker.get();
            } catch (Throwable t) {      // thrown again by get, on the thread that asks
                failure = t;
            }
        }, threadName);
        thread.setDaemon(true);          // a caller that fails before it asks keeps no JVM alive for it
        thread.start();
    }

    /**
     * @param threadName the maker thread's name
     * @param what       what is made, for the failure's message ("making WHAT failed")
     * @return the value being made by {@code maker} on a new daemon thread, started
     */
    public static <T> MadeAside<T> start(String threadName, String what, Supplier<? extends T> maker) {
        return new MadeAside<>(threadName, what, maker);
    }

    /** @return the value, once made (asked once: it is not kept after) */
    public T get() {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("making " + what + " failed", failure);
        }
        T m = made;
        made = null;
        return m;
    }
}
