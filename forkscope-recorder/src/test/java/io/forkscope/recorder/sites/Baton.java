package io.forkscope.recorder.sites;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Real threads that take turns, so that a recursive interpreter can run parts of one program on
 * different threads deterministically: {@link #runOn} hands a job to thread k and serves the
 * caller's own inbox until the job is done (thread k may hand nested jobs back to it, which then
 * run nested on its stack, like a joining worker that helps). Exactly one thread runs at a time;
 * every hand-over goes through a blocking queue, which orders everything one thread did before
 * everything the next does. Thread 0 is the thread that is not a worker (the test's); workers
 * 1..n-1 are daemons that live as long as the JVM.
 */
final class Baton {
    static final Baton SHARED = new Baton(3);

    private static final Runnable WAKE = () -> { };
    private final BlockingQueue<Runnable>[] inbox;
    private final ThreadLocal<Integer> me = ThreadLocal.withInitial(() -> 0);

    @SuppressWarnings("unchecked")
    private Baton(int threads) {
        inbox = new BlockingQueue[threads];
        for (int i = 0; i < threads; i++) {
            inbox[i] = new LinkedBlockingQueue<>();
        }
        for (int i = 1; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                me.set(index);
                try {
                    while (true) {
                        inbox[index].take().run();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "baton-" + i);
            t.setDaemon(true);
            t.start();
        }
    }

    int threads() {
        return inbox.length;
    }

    /** Runs {@code job} on thread {@code k} (at once if that is this thread) and returns when it is done. */
    void runOn(int k, Runnable job) {
        int cur = me.get();
        if (k == cur) {
            job.run();
            return;
        }
        boolean[] done = {false};
        Throwable[] failure = {null};
        put(k, () -> {
            try {
                job.run();
            } catch (Throwable t) {
                failure[0] = t;
            } finally {
                done[0] = true;
                put(cur, WAKE);
            }
        });
        try {
            while (!done[0]) {
                inbox[cur].take().run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (failure[0] instanceof RuntimeException r) {
            throw r;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }

    private void put(int k, Runnable r) {
        try {
            inbox[k].put(r);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
