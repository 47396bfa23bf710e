package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonBytes} over a {@link WriteBehind} against the same writes into a stream directly (the
 * oracle): the same bytes in the same order, through buffers small enough that values, strings and
 * long raw byte strings all cross them, with a stream that takes its time; a write that fails is
 * thrown to the writer at its next hand-over or at the flush, and a writer closed without a flush
 * leaves no thread behind.
 */
class WriteBehindTest {

    @Property(tries = 1000)          // run with 10,000 tries and fresh seeds twice
    void writesWhatADirectWriteWrites(@ForAll @IntRange(min = 64, max = 300) int buffer,
                                      @ForAll @IntRange(min = 2, max = 4) int buffers, @ForAll long seed)
            throws IOException {
        Random r = new Random(seed);
        int steps = r.nextInt(400);
        long[] script = new long[steps];
        for (int i = 0; i < steps; i++) {
            script[i] = r.nextLong();
        }
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        JsonBytes d = new JsonBytes(direct, buffer);
        play(d, script);
        d.flush();
        ByteArrayOutputStream behind = new ByteArrayOutputStream();
        SlowStream slow = new SlowStream(behind, r.nextInt(3));
        try (WriteBehind w = new WriteBehind(slow, buffer, buffers)) {
            JsonBytes b = new JsonBytes(w);
            play(b, script);
            b.flush();
            assertThat(b.size()).isEqualTo(d.size());
        }
        assertThat(slow.flushes).isEqualTo(1);
        assertThat(behind.toByteArray()).isEqualTo(direct.toByteArray());
    }

    /** Plays the same writes on a writer: numbers, decimals, ratios, strings and raw bytes of any length. */
    private static void play(JsonBytes j, long[] script) throws IOException {
        for (long s : script) {
            int what = (int) Math.floorMod(s, 6);
            switch (what) {
                case 0 -> j.number(s);
                case 1 -> j.micros(s >> 3);
                case 2 -> j.ratio((s & 0xFFFF) / 7.0, "x");
                case 3 -> j.string("s\u00e9\"" + s);
                case 4 -> j.raw((char) ('a' + Math.floorMod(s, 26)));
                default -> {
                    byte[] raw = new byte[(int) Math.floorMod(s >> 8, 700)];
                    java.util.Arrays.fill(raw, (byte) ('A' + Math.floorMod(s, 26)));
                    j.raw(raw);
                }
            }
        }
    }

    @Test
    void aFailedWriteIsThrownAtTheNextHandOverOrTheFlush() throws IOException {
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk full");
            }
        };
        try (WriteBehind w = new WriteBehind(failing, 64, 2)) {
            JsonBytes j = new JsonBytes(w);
            assertThatThrownBy(() -> {
                for (int i = 0; i < 1000; i++) {
                    j.number(1_000_000L + i);
                }
                j.flush();
            }).isInstanceOf(IOException.class).hasMessage("disk full");
        }
    }

    @Test
    void closedWithoutAFlushItStopsItsThread() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WriteBehind w = new WriteBehind(out, 64, 3);
        JsonBytes j = new JsonBytes(w);
        for (int i = 0; i < 100; i++) {
            j.number(i);
        }
        w.close();
        w.close();                                   // twice: nothing more
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("forkscope write-behind")
                && t.isAlive() && t.getStackTrace().length > 0 && isThis(t, w));
        assertThatThrownBy(() -> new WriteBehind(out, 64, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Whether {@code t} is {@code w}'s writer (read through reflection: the field is private). */
    private static boolean isThis(Thread t, WriteBehind w) {
        try {
            var f = WriteBehind.class.getDeclaredField("writer");
            f.setAccessible(true);
            return f.get(w) == t;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** A stream that sleeps a little now and then, so that the writer falls behind and buffers wait. */
    private static final class SlowStream extends OutputStream {
        private final OutputStream out;
        private final int everyNth;
        private int writes;
        int flushes;

        SlowStream(OutputStream out, int everyNth) {
            this.out = out;
            this.everyNth = everyNth;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (everyNth > 0 && ++writes % (everyNth * 7) == 0) {
                Thread.onSpinWait();
                Thread.yield();
            }
            out.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }
    }
}
