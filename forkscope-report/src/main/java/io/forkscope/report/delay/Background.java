package io.forkscope.report.delay;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * One value computed on a thread of its own while the caller does something else, then taken with
 * {@link #get}: a trace's parallelism profile (the sort of some 15 M events) is made while its slices
 * are formatted, on the core the formatting leaves.
 *
 * <p>What the computation throws, {@link #get} throws in the caller: an {@link IOException}, a
 * {@link RuntimeException} or an {@link Error} as it was (an {@link OutOfMemoryError} stays one),
 * anything else wrapped in an {@link IOException}; it never waits for a thread that died. The thread is
 * a daemon: a caller that gives up (an exception of its own) never keeps the JVM alive for it.
 */
final class Background<T> {
    private final FutureTask<T> task;

    private Background(Callable<T> work, String name) {
        task = new FutureTask<>(work);
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    /** Starts {@code work} on a new daemon thread named {@code name}. */
    static <T> Background<T> start(Callable<T> work, String name) {
        return new Background<>(work, name);
    }

    /** @return the value, once computed; what the computation threw is thrown here */
    T get() throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;        // the value is still wanted: wait on, then restore the flag
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        } catch (CancellationException e) {
            throw new InterruptedIOException("cancelled");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
