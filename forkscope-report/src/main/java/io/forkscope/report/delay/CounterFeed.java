package io.forkscope.report.delay;

import io.forkscope.analysis.delay.ParallelismProfile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;

/**
 * A trace's counter events as levels, found on a thread of their own: it makes the parallelism profile,
 * then sweeps it and keeps each segment whose levels (running, then ready by edge kind) differ bit for
 * bit from the last kept one (the first segment always), in batches handed over in order, while the
 * trace's thread formats the slices and then the counters of the batches already found. The profile's
 * sort and its sweep (some 0.56 s and 0.2 s of CPU on a 3 M-node DAG) then take the core the formatting leaves.
 *
 * <p>A fixed set of batches circulates ({@link #BATCHES}): the sweep waits for one the formatting gave
 * back, so at most that many are held. What the profile or the sweep throws, {@link #next} throws as it
 * was (an {@link Error} or a {@link RuntimeException}; anything else in an {@link IOException}); {@link
 * #close} stops the thread (it is interrupted out of any wait) when the trace gives up before the end.
 */
final class CounterFeed implements AutoCloseable {
    /** Batches in circulation. */
    static final int BATCHES = 4;

    /** Kept segments: their starts, their levels (1 + kinds a segment), in order. */
    static final class Batch {
        final long[] times;
        final double[] levels;
        int size;
        /** The last batch: the profile's end ({@link #end}) and whether it has any segment follow it. */
        boolean last;
        long end;
        boolean any;
        Throwable failure;

        Batch(int capacity, int width) {
            times = new long[capacity];
            levels = new double[capacity * width];
        }
    }

    /** Thrown out of the sweep when the feed was closed. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private final int width;
    private final BlockingQueue<Batch> free;
    private final BlockingQueue<Batch> found;
    private final Thread thread;
    /** What carries a failure when the sweep holds no batch (made beforehand: the failure may be memory). */
    private final Batch failed;
    private boolean ended;

    /**
     * Starts the thread.
     *
     * @param kinds     ready counters a segment (edge kinds)
     * @param batchSize segments a batch
     */
    CounterFeed(Supplier<ParallelismProfile> profile, int kinds, int batchSize) {
        this.width = 1 + kinds;
        free = new ArrayBlockingQueue<>(BATCHES);
        found = new ArrayBlockingQueue<>(BATCHES);
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch(batchSize, width));
        }
        failed = new Batch(0, width);
        thread = new Thread(() -> feed(profile), "forkscope counters");
        thread.setDaemon(true);           // a trace that fails without closing it keeps no JVM alive
        thread.start();
    }

    /** @return the next batch in order, to give back with {@link #recycle} once read; a last one ends the feed */
    Batch next() throws IOException {
        Batch b;
        try {
            b = found.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the counters");
        }
        if (b.failure != null) {
            ended = true;
            Throwable t = b.failure;
            if (t instanceof Error err) {
                throw err;
            }
            if (t instanceof RuntimeException r) {
                throw r;
            }
            throw t instanceof IOException io ? io : new IOException(t);
        }
        if (b.last) {
            ended = true;
        }
        return b;
    }

    /** Gives a batch read back to the sweep. */
    void recycle(Batch b) {
        free.add(b);                      // never full: only BATCHES of them exist
    }

    /** Stops the thread if the feed did not end (the trace gave up), and waits for it. */
    @Override
    public void close() {
        if (!ended) {
            thread.interrupt();
        }
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void feed(Supplier<ParallelismProfile> make) {
        Batch[] current = {null};
        try {
            ParallelismProfile profile = make.get();
            double[] last = new double[width];
            double[] now = new double[width];
            boolean[] kept = {false};
            long[] end = {0};
            current[0] = take();
            // The levels are copied and compared by plain loops, not System.arraycopy and Arrays.equals: a
            // segment's five doubles took the array-copy stub's call three times a segment, 0.37 s of the
            // sweep's 0.48 s on a 3 M-node DAG (9 M segments).
            profile.sweepAll((start, segmentEnd, running, readyByKind, slots, notRunning, executing, recorder, held) -> {
                end[0] = segmentEnd;
                now[0] = running;
                for (int k = 1; k < width; k++) {
                    now[k] = readyByKind[k - 1];
                }
                if (kept[0] && sameBits(last, now)) {
                    return;
                }
                kept[0] = true;
                for (int k = 0; k < width; k++) {
                    last[k] = now[k];
                }
                Batch b = current[0];
                if (b.size == b.times.length) {
                    current[0] = null;          // handed over: a failure from here on must not touch it
                    put(b);
                    b = take();
                    current[0] = b;
                }
                b.times[b.size] = start;
                double[] levels = b.levels;
                for (int k = 0, at = b.size * width; k < width; k++, at++) {
                    levels[at] = now[k];
                }
                b.size++;
            });
            Batch b = current[0];
            b.last = true;
            b.end = end[0];
            b.any = kept[0];              // the first segment is always kept: whether there is any (size() would sweep again)
            put(b);
        } catch (Stopped e) {
            // closed: nobody waits for a batch
        } catch (Throwable t) {
            Batch b = current[0] != null ? current[0] : failed;
            b.failure = t;
            try {
                found.put(b);             // waits for the reader to drain a full queue; closed: interrupted
            } catch (InterruptedException e) {
                // closed: nobody waits for a batch
            }
        }
    }

    /**
     * @return whether {@code a} and {@code b} (of one length) hold the same doubles bit for bit, as
     *         Arrays.equals compares them: 0.0 and -0.0 differ, NaNs are equal
     */
    private static boolean sameBits(double[] a, double[] b) {
        for (int k = 0; k < a.length; k++) {
            if (Double.doubleToLongBits(a[k]) != Double.doubleToLongBits(b[k])) {
                return false;
            }
        }
        return true;
    }

    private Batch take() {
        try {
            Batch b = free.take();
            b.size = 0;
            return b;
        } catch (InterruptedException e) {
            throw new Stopped();
        }
    }

    private void put(Batch b) {
        try {
            found.put(b);
        } catch (InterruptedException e) {
            throw new Stopped();
        }
    }
}
