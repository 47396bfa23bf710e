package io.forkscope.report.delay;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Writes full buffers to a stream on a thread of its own while the caller fills the next: a trace of
 * gigabytes spends a second or more in the write calls (the kernel copying into the page cache, or
 * deflate for a gzip'd file), which then overlap the formatting instead of following it. The bytes and
 * their order are the stream's as if the caller wrote each buffer itself; nothing is copied: a buffer
 * handed over ({@link #hand}) is the writer's until it comes back as a free one.
 *
 * <p>{@code buffers} arrays circulate: the caller holds one, the rest wait to be written or to be
 * filled. A write that fails is rethrown to the caller at its next {@link #hand} or at {@link #finish};
 * after it the writer only gives buffers back, so the caller never waits for a dead stream.
 * {@link #close} stops the thread without flushing (a trace abandoned by an exception); the stream
 * itself is the caller's to close.
 */
final class WriteBehind implements AutoCloseable {
    /** A buffer to write: its first {@code length} bytes; {@code bytes == null} ends the writer. */
    private record Chunk(byte[] bytes, int length) {}

    private static final Chunk END = new Chunk(null, 0);

    private final OutputStream out;
    private final BlockingQueue<Chunk> toWrite;
    private final BlockingQueue<byte[]> free;
    private final Thread writer;
    private volatile IOException failure;
    private boolean ended;

    /**
     * @param bufferSize each buffer's size
     * @param buffers    how many circulate (at least 2: one filled while one is written)
     */
    WriteBehind(OutputStream out, int bufferSize, int buffers) {
        if (buffers < 2) {
            throw new IllegalArgumentException("a write-behind needs two buffers at least, not " + buffers);
        }
        this.out = out;
        this.toWrite = new ArrayBlockingQueue<>(buffers + 1);
        this.free = new ArrayBlockingQueue<>(buffers);
        for (int i = 1; i < buffers; i++) {
            free.add(new byte[bufferSize]);
        }
        writer = new Thread(this::writeAll, "forkscope write-behind");
        writer.setDaemon(true);            // an exception in the caller that skips close() leaves no JVM alive for it
        writer.start();
    }

    /** @return a buffer of {@code bufferSize} bytes for the caller to fill first */
    byte[] first() throws IOException {
        return take();
    }

    /**
     * Hands over the first {@code length} bytes of {@code full} to be written after those handed before;
     * {@code full} is not the caller's any more.
     *
     * @return an empty buffer to fill next (once the writer gave one back)
     * @throws IOException a write of an earlier buffer failed
     */
    byte[] hand(byte[] full, int length) throws IOException {
        rethrow();
        put(new Chunk(full, length));
        return take();
    }

    /** Waits until every buffer handed over is written, then flushes the stream; the writer ends. */
    void finish() throws IOException {
        end();
        rethrow();
        out.flush();
    }

    /** Ends the writer after what was handed over, without flushing the stream. */
    @Override
    public void close() throws IOException {
        end();
    }

    private void end() throws IOException {
        if (ended) {
            return;
        }
        ended = true;
        put(END);
        boolean interrupted = false;
        while (writer.isAlive()) {
            try {
                writer.join();
            } catch (InterruptedException e) {
                interrupted = true;            // finish the join: the writer still owns the stream
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeAll() {
        while (true) {
            Chunk c;
            try {
                c = toWrite.take();
            } catch (InterruptedException e) {
                return;                        // nobody interrupts this thread but a JVM going down
            }
            if (c.bytes() == null) {
                return;
            }
            if (failure == null) {
                try {
                    out.write(c.bytes(), 0, c.length());
                } catch (IOException e) {
                    failure = e;
                } catch (RuntimeException | Error e) {
                    failure = new IOException(e);     // the buffer still goes back: the caller never waits for it
                }
            }
            free.add(c.bytes());              // never full: there are only as many buffers as it holds
        }
    }

    private void rethrow() throws IOException {
        IOException f = failure;
        if (f != null) {
            throw f;
        }
    }

    private void put(Chunk c) throws IOException {
        try {
            toWrite.put(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing bytes to be written");
        }
    }

    private byte[] take() throws IOException {
        try {
            return free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for a buffer to be written");
        }
    }
}
