package io.forkscope.samples;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How a kernel runs: on its own {@code ForkJoinPool} of {@code workers} threads, or as the serial
 * elision on the calling thread with no pool at all. One per {@link Sample#run} call; closing it shuts
 * the pool down.
 */
final class Exec implements AutoCloseable {
    private final RunConfig config;
    private final ForkJoinPool pool;

    private Exec(RunConfig config, ForkJoinPool pool) {
        this.config = config;
        this.pool = pool;
    }

    static Exec open(RunConfig config) {
        return new Exec(config, config.serial() ? null : new ForkJoinPool(config.workers()));
    }

    boolean serial() {
        return pool == null;
    }

    int n() {
        return config.n();
    }

    int cutoff() {
        return config.cutoff();
    }

    int workers() {
        return serial() ? 1 : config.workers();
    }

    /** @return the pool; only in parallel mode */
    ForkJoinPool pool() {
        if (pool == null) {
            throw new IllegalStateException("serial elision has no pool");
        }
        return pool;
    }

    /**
     * Starts a kernel from the main thread: {@code pool.invoke(task)} in parallel mode, or the plain
     * call {@code serialCall} (normally {@code task::compute}) in the serial elision.
     */
    <T> T invoke(ForkJoinTask<T> task, Supplier<T> serialCall) {
        return pool == null ? serialCall.get() : pool.invoke(task);
    }

    /** Like {@link #invoke} for tasks without a result. */
    void run(ForkJoinTask<?> task, Runnable serialCall) {
        if (pool == null) {
            serialCall.run();
        } else {
            pool.invoke(task);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
            try {
                pool.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
