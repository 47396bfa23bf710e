package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.report.Numbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonBytes} against what it replaced: every value as Jackson's generator writes it
 * ({@code Long.toString}, {@code BigDecimal.valueOf(ns, 3)}, {@link Numbers#jsonRatio}, Jackson's
 * string escaping), through buffers small enough that every value meets the buffer's end.
 */
class JsonBytesTest {
    private static final JsonFactory JACKSON = new JsonFactory();

    interface Writes {
        void to(JsonBytes j) throws IOException;
    }

    static String bytes(int buffer, Writes w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonBytes j = new JsonBytes(out, buffer);
        w.to(j);
        j.flush();
        assertThat(j.size()).isEqualTo(out.size());
        return out.toString(StandardCharsets.UTF_8);
    }

    interface Generates {
        void to(JsonGenerator g) throws IOException;
    }

    /** @return what Jackson writes for the values inside an array, without the brackets */
    static String jackson(Generates w) throws IOException {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JACKSON.createGenerator(s)) {
            g.writeStartArray();
            w.to(g);
            g.writeEndArray();
        }
        String t = s.toString();
        return t.substring(1, t.length() - 1);
    }

    static final long[] EDGES = {0, 1, -1, 5, -5, 9, 10, 99, 100, 999, 1000, 1001, -999, -1000, -1001, 123_456_789,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MIN_VALUE};

    static List<Long> edges() {
        List<Long> out = new ArrayList<>();
        for (long v : EDGES) {
            out.add(v);
        }
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, 10 * p - 1}) {
                out.add(v);
                out.add(-v);
            }
        }
        return out;
    }

    @Test
    void wholeNumbersAsLongToString() throws IOException {
        for (long v : edges()) {
            assertThat(bytes(64, j -> j.number(v))).isEqualTo(Long.toString(v));
        }
    }

    /** The digit count from the bit length, at every power of ten, next to it, and at the ends. */
    @Test
    void digitsAsLongToStringCountsThem() {
        List<Long> values = new ArrayList<>(List.of(0L, 1L, 9L, Long.MAX_VALUE, Long.MAX_VALUE - 1));
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p *= 10) {
            values.addAll(List.of(p - 1, p, p + 1));
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        for (int bit = 0; bit < 63; bit++) {
            values.addAll(List.of((1L << bit) - 1, 1L << bit, (1L << bit) + 1));
        }
        for (long v : values) {
            assertThat(JsonBytes.digits(v)).as("%d", v).isEqualTo(Long.toString(v).length());
        }
    }

    @Test
    void microsecondsAsBigDecimalPrintsThem() throws IOException {
        for (long v : edges()) {
            assertThat(bytes(64, j -> j.micros(v))).as("%d ns", v).isEqualTo(BigDecimal.valueOf(v, 3).toString());
        }
        assertThat(bytes(64, j -> j.micros(5))).isEqualTo("0.005");
        assertThat(bytes(64, j -> j.micros(-5))).isEqualTo("-0.005");
        assertThat(bytes(64, j -> j.micros(1234))).isEqualTo("1.234");
        assertThat(bytes(64, j -> j.micros(0))).isEqualTo("0.000");
    }

    @Property(tries = 3000)
    void anyLongAsJacksonWritesIt(@ForAll long v, @ForAll @IntRange(min = 0, max = 20) int shift) throws IOException {
        long x = v >> shift;          // every magnitude, not only the 19-digit ones most longs have
        String expected = jackson(g -> {
            g.writeNumber(x);
            g.writeNumber(BigDecimal.valueOf(x, 3));
        });
        assertThat(bytes(64, j -> {
            j.number(x);
            j.raw(',');
            j.micros(x);
        })).isEqualTo(expected);
    }

    static final double[] DOUBLES = {0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3, 2.0 / 3, 1e-3, 9.99e-4, 1e-5, 1.5e-7,
        1e7, 9_999_999.5, 1.5e7, 123456.789, 1e14 + 0.5, 1e15 - 1, 1e15, 1e15 + 2, 1e16, 1e22, 1e300,
        Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -1e15, -123.25, 0.6738529562766525,
        0.002659689625366335, 2.0e-3, 4.35, 1.0e23, 8.41e21, 5e-324};

    @Test
    void ratiosAsNumbersJsonRatio() throws IOException {
        for (double v : DOUBLES) {
            for (double x : new double[] {v, -v}) {
                assertThat(bytes(64, j -> j.ratio(x, "v"))).as("%s", x).isEqualTo(jsonRatio(x));
            }
        }
    }

    /** Jackson's {@code writeFieldName} outside an object: the ratio alone, as an object field. */
    static String jsonRatio(double v) throws IOException {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = JACKSON.createGenerator(s)) {
            g.writeStartObject();
            Numbers.jsonRatio(g, "v", v);
            g.writeEndObject();
        }
        String t = s.toString();
        return t.substring("{\"v\":".length(), t.length() - 1);
    }

    @Property(tries = 3000)
    void anyFiniteDoubleAsNumbersJsonRatio(@ForAll long bits, @ForAll @IntRange(min = 0, max = 3) int kind)
            throws IOException {
        double v = switch (kind) {
            case 0 -> Double.longBitsToDouble(bits);                        // anything, mostly huge or tiny
            case 1 -> (bits % 1_000_000_000L) / 1e6;                       // a level with a fraction
            case 2 -> (double) (bits % 50) / (1 + Math.floorMod(bits >> 8, 97));   // a share, as the profile's
            default -> (bits >> 11) * 0x1.0p-53 * 1e-3;                    // small: an exponent in Double.toString
        };
        if (!Double.isFinite(v)) {
            assertThatThrownBy(() -> bytes(64, j -> j.ratio(v, "running")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("running is");
            return;
        }
        assertThat(bytes(64, j -> j.ratio(v, "v"))).as("%s", v).isEqualTo(jsonRatio(v));
    }

    /** The cache of fractions by slot: values that share a slot, and values again, give each its own text. */
    @Property(tries = 300)
    void repeatedAndCollidingRatiosKeepTheirOwnText(@ForAll long seed) throws IOException {
        Random rnd = new Random(seed);
        double[] pool = new double[1 + rnd.nextInt(3000)];   // more values than slots: collisions
        for (int i = 0; i < pool.length; i++) {
            pool[i] = rnd.nextInt(4) == 0 ? rnd.nextInt(5) : rnd.nextInt(1000) / (1.0 + rnd.nextInt(999));
        }
        double[] seq = new double[2000];
        for (int i = 0; i < seq.length; i++) {
            seq[i] = pool[rnd.nextInt(pool.length)];
        }
        StringBuilder expected = new StringBuilder();
        for (double v : seq) {
            expected.append(jsonRatio(v)).append(',');
        }
        assertThat(bytes(64 + rnd.nextInt(200), j -> {
            for (double v : seq) {
                j.ratio(v, "v");
                j.raw(',');
            }
        })).isEqualTo(expected.toString());
    }

    @Test
    void notFiniteRatiosAreRefused() {
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThatThrownBy(() -> bytes(64, j -> j.ratio(v, "ready")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("ready is " + v + ", which JSON cannot hold");
        }
    }

    @Test
    void stringsEscapedAsJacksonEscapesThem() throws IOException {
        String[] names = {"", "main", "ForkJoinPool-1-worker-1", "a\"b", "back\\slash", "tab\there", "new\nline",
            "\b\f\r\u0000\u0001\u001f\u007f", "caf\u00e9", "\u00d77 strands", "\u4e2d\u6587", "\ud83d\ude80 rocket",
            "</script>", "'single'", "\u2028\u2029", "\uffff"};
        for (String s : names) {
            assertThat(bytes(64, j -> j.string(s))).as(s).isEqualTo(jackson(g -> g.writeString(s)));
            assertThat(new String(JsonBytes.quoted(s), StandardCharsets.UTF_8)).isEqualTo(jackson(g -> g.writeString(s)));
            assertThat(new ObjectMapper().readTree(bytes(64, j -> j.string(s))).asText()).isEqualTo(s);
        }
    }

    /** A lone surrogate has no UTF-8: it becomes U+FFFD, and the rest of the string stays. */
    @Test
    void aLoneSurrogateBecomesTheReplacementCharacter() throws IOException {
        for (String s : new String[] {"a\ud800b", "a\udc00b", "end\ud83d", "\ude80start", "\ude80\ud83d"}) {
            String expected = new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)
                    .replace('?', '\ufffd');      // getBytes writes '?' for a lone surrogate
            assertThat(new ObjectMapper().readTree(bytes(64, j -> j.string(s))).asText()).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<String> names() {
        Arbitrary<Integer> cp = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0x20, 0x7e)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 0x1f)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of((int) '"', (int) '\\', 0x7f)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x80, 0x7ff)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x800, 0xd7ff)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0xe000, 0xffff)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x10000, 0x10ffff)));
        return cp.list().ofMaxSize(60).map(cps -> {
            StringBuilder b = new StringBuilder();
            cps.forEach(b::appendCodePoint);
            return b.toString();
        });
    }

    /** Strings of every kind of character (no lone surrogate), through a buffer they overflow. */
    @Property(tries = 3000)
    void anyStringAsJacksonWritesIt(@ForAll("names") String s, @ForAll @IntRange(min = 64, max = 100) int buffer)
            throws IOException {
        String expected = jackson(g -> {
            g.writeString(s);
            g.writeString(s + s);
        });
        assertThat(bytes(buffer, j -> {
            j.string(s);
            j.raw(',');
            j.string(s + s);
        })).isEqualTo(expected);
    }

    /** A long run of mixed values: the same text whatever the buffer's size, and the same as Jackson's. */
    @Property(tries = 300)
    void theBufferSizeChangesNothing(@ForAll long seed) throws IOException {
        Random rnd = new Random(seed);
        int n = rnd.nextInt(400);
        long[] values = rnd.longs(n).map(v -> v >> rnd.nextInt(64)).toArray();
        byte[] block = new byte[rnd.nextInt(300)];
        java.util.Arrays.fill(block, (byte) 'x');
        Writes w = j -> {
            for (long v : values) {
                j.number(v);
                j.raw(' ');
                j.micros(v);
                j.raw(block);
                j.raw(' ');
            }
        };
        String big = bytes(1 << 16, w);
        assertThat(bytes(64 + rnd.nextInt(64), w)).isEqualTo(big);
        StringBuilder expected = new StringBuilder();
        for (long v : values) {
            expected.append(v).append(' ').append(BigDecimal.valueOf(v, 3)).append("x".repeat(block.length)).append(' ');
        }
        assertThat(big).isEqualTo(expected.toString());
    }

    @Test
    void asciiRefusesWhatIsNot() {
        assertThat(JsonBytes.ascii("{\"ts\":")).hasSize(6);
        assertThatThrownBy(() -> JsonBytes.ascii("\u00d7")).isInstanceOf(IllegalArgumentException.class);
    }

    /** One part of an event written with the unchecked writes, and the same with the checked ones (the oracle). */
    private record Part(int kind, long value, double ratio, byte[] bytes) {
        /** The room a reservation gives it: its stated longest. */
        int room() {
            return switch (kind) {
                case 0, 1 -> JsonBytes.LONGEST_NUMBER;
                case 2 -> JsonBytes.LONGEST_WHOLE_RATIO;
                case 3 -> bytes.length;
                default -> 1;
            };
        }

        void put(JsonBytes j) throws IOException {
            switch (kind) {
                case 0 -> j.putNumber(value);
                case 1 -> j.putMicros(value);
                case 2 -> j.putRatio(ratio, "v");
                case 3 -> j.put(bytes);
                default -> j.put((char) value);
            }
        }

        void checked(JsonBytes j) throws IOException {
            switch (kind) {
                case 0 -> j.number(value);
                case 1 -> j.micros(value);
                case 2 -> j.ratio(ratio, "v");
                case 3 -> j.raw(bytes);
                default -> j.raw((char) value);
            }
        }
    }

    private static Part randomPart(Random rnd) {
        int kind = rnd.nextInt(5);
        long v = rnd.nextLong() >> rnd.nextInt(64);                 // every magnitude, both signs
        double ratio = switch (rnd.nextInt(5)) {
            case 0 -> rnd.nextInt(20);                                // a count: the usual level
            case 1 -> DOUBLES[rnd.nextInt(DOUBLES.length)] * (rnd.nextBoolean() ? 1 : -1);   // 5e-324, 1e300, ...
            case 2 -> rnd.nextInt(1000) / (1.0 + rnd.nextInt(999));  // a share
            case 3 -> Double.longBitsToDouble(rnd.nextLong());         // anything, mostly huge or tiny
            default -> (double) (rnd.nextLong() % 2_000_000_000_000_000L);   // whole, up to and past 1e15
        };
        if (!Double.isFinite(ratio)) {
            ratio = -Double.MIN_VALUE;
        }
        byte[] bytes = new byte[rnd.nextInt(rnd.nextBoolean() ? 4 : 60)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (' ' + rnd.nextInt(90));
        }
        return new Part(kind, kind == 4 ? ' ' + rnd.nextInt(90) : v, ratio, bytes);
    }

    /**
     * Events written as the trace writes them, a reservation of their parts' stated longest then the
     * unchecked writes, give what the checked writes give (themselves checked against Jackson above),
     * through buffers barely larger than a reservation and a fraction, so that events meet the buffer's
     * end, and fractions (up to some 330 characters) drain it in the middle of a reservation.
     */
    @Property(tries = 1000)          // run with 10,000 tries and fresh seeds twice
    void reservedWritesAsTheCheckedOnes(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int slack)
            throws IOException {
        Random rnd = new Random(seed);
        int events = rnd.nextInt(60);
        List<List<Part>> script = new ArrayList<>();
        int largest = 0;
        for (int e = 0; e < events; e++) {
            List<Part> parts = new ArrayList<>();
            int room = 0;
            for (int k = rnd.nextInt(12); k >= 0; k--) {
                Part p = randomPart(rnd);
                parts.add(p);
                room += p.room();
            }
            largest = Math.max(largest, room);
            script.add(parts);
        }
        int buffer = largest + JsonBytes.LONGEST_FRACTION + slack;
        String expected = bytes(64, j -> {
            for (List<Part> parts : script) {
                for (Part p : parts) {
                    p.checked(j);
                }
            }
        });
        assertThat(bytes(buffer, j -> {
            for (List<Part> parts : script) {
                j.reserve(parts.stream().mapToInt(Part::room).sum());
                for (Part p : parts) {
                    p.put(j);
                }
            }
        })).isEqualTo(expected);
    }

    @Test
    void aReservationLongerThanABufferLessAFractionIsRefused() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonBytes j = new JsonBytes(out, 1000);
        j.raw(new byte[999]);                       // the check is made when the room left is too short
        j.reserve(1000 - JsonBytes.LONGEST_FRACTION);
        j.raw(new byte[999]);
        assertThatThrownBy(() -> j.reserve(1001 - JsonBytes.LONGEST_FRACTION))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserved in buffers of 1000");
    }

    @Test
    void aFractionIsNeverLongerThanItsBound() {
        for (double v : new double[] {Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
            -Double.MIN_NORMAL, -0x1.fffffffffffffp-1023, -1.2345678901234567e-300}) {
            assertThat(JsonBytes.fraction(v).length()).as("%s", v).isLessThanOrEqualTo(JsonBytes.LONGEST_FRACTION);
        }
    }
}
