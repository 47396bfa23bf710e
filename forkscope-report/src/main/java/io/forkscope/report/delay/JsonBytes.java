package io.forkscope.report.delay;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * JSON text as UTF-8 bytes, for writers that emit millions of events of a fixed shape
 * ({@link ChromeTrace}): the caller writes the structure as constant byte strings ({@link #raw}),
 * this class the values: whole numbers and exact decimals as digits straight into its buffer,
 * strings escaped. Nothing is made per value (no String, no boxed or BigDecimal number) but for the
 * rare double that is not a whole number ({@link #ratio}).
 *
 * <p>The bytes are those Jackson's generator writes for the same values (the writer this replaced):
 * {@link #micros} as {@code BigDecimal.valueOf(ns, 3)} prints, {@link #ratio} as
 * {@code Numbers.jsonRatio}, and strings with {@code "} and {@code \} escaped by a backslash, the
 * control characters as {@code \b \t \n \f \r} or <code>&#92;u00XX</code>, everything else as its UTF-8
 * bytes (a lone surrogate, which UTF-8 cannot hold, as U+FFFD).
 *
 * <p>Buffered: {@link #flush} hands the bytes on; the caller closes the stream. Made over a
 * {@link WriteBehind}, it hands each full buffer to that writer's thread and goes on in another.
 */
final class JsonBytes {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    /** The longest value written in one step: a long's 20 characters, a decimal point, 3 digits. */
    static final int LONGEST_NUMBER = 32;

    /** "00" to "99": two digits a division. */
    private static final byte[] PAIRS = new byte[200];
    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }
    /** "000" to "999": a microsecond's three decimals without a division. */
    private static final byte[] THOUSANDTHS = new byte[3000];
    static {
        for (int i = 0; i < 1000; i++) {
            THOUSANDTHS[3 * i] = (byte) ('0' + i / 100);
            THOUSANDTHS[3 * i + 1] = (byte) ('0' + i / 10 % 10);
            THOUSANDTHS[3 * i + 2] = (byte) ('0' + i % 10);
        }
    }
    /** The most a whole-number {@link #putRatio} takes: a sign, 15 digits (below 1e15), ".0". */
    static final int LONGEST_WHOLE_RATIO = 18;
    /**
     * More than the longest text {@link #fraction} gives: a double's plain decimal has at most 17
     * significant digits after up to 323 zeros ("0.000...49" for 4.9E-324) or before up to 308
     * (1.7976931348623157E308), with a sign, a point and ".0": some 345 characters.
     */
    static final int LONGEST_FRACTION = 400;
    /** Slots of {@link #ratio}'s cache of fractions: a power of two. */
    private static final int RATIO_SLOTS = 1 << 10;

    /** Where full buffers go: one of the two is null. */
    private final OutputStream out;
    private final WriteBehind behind;
    private byte[] buf;
    /**
     * {@link #ratio}'s last fractions by slot (a hash of their bits) and their text: a profile's
     * fractional levels are few (447 distinct of 1.4 M on a DAG of 2.5 M nodes), and finding a
     * double's shortest decimal is the slowest thing written.
     */
    private final long[] ratioBits = new long[RATIO_SLOTS];
    private final byte[][] ratioText = new byte[RATIO_SLOTS][];
    private int pos;
    /** Where the last {@link #reserve}'s room ends (moved along by a fraction's {@link #putRatio}). */
    private int reservedEnd;
    /** Bytes handed to {@link #out} so far. */
    private long flushed;

    /** @param bufferSize bytes held before they go to {@code out} (at least 64) */
    JsonBytes(OutputStream out, int bufferSize) {
        this.out = out;
        this.behind = null;
        this.buf = new byte[Math.max(64, bufferSize)];
    }

    /** Over a write-behind, whose buffers (each at least 64 bytes) it fills one after the other. */
    JsonBytes(WriteBehind behind) throws IOException {
        this.out = null;
        this.behind = behind;
        this.buf = behind.first();
        if (buf.length < 64) {
            throw new IllegalArgumentException("buffers of " + buf.length + " bytes: 64 at least");
        }
    }

    /** @return every byte written so far, flushed or not */
    long size() {
        return flushed + pos;
    }

    /** @return {@code s} as bytes for {@link #raw}: it must be ASCII (structure, field names, labels) */
    static byte[] ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                throw new IllegalArgumentException("not ASCII: " + s);
            }
        }
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes bytes as they are (constant structure, or a value already escaped by {@link #quoted}). */
    void raw(byte[] b) throws IOException {
        if (b.length > buf.length - pos) {
            drain();
            if (b.length > buf.length) {
                if (behind != null) {            // in buffers' worth, through the writer, in order
                    for (int at = 0; at < b.length; ) {
                        int n = Math.min(b.length - at, buf.length - pos);
                        System.arraycopy(b, at, buf, pos, n);
                        pos += n;
                        at += n;
                        if (pos == buf.length) {
                            drain();
                        }
                    }
                    return;
                }
                out.write(b);
                flushed += b.length;
                return;
            }
        }
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    void raw(char c) throws IOException {
        if (pos == buf.length) {
            drain();
        }
        buf[pos++] = (byte) c;
    }

    /** Writes a long in decimal, as {@link Long#toString(long)}. */
    void number(long v) throws IOException {
        room(LONGEST_NUMBER);
        putNumber(v);
    }

    /**
     * Writes nanoseconds as exact microseconds with three decimals, as {@code BigDecimal.valueOf(ns, 3)}
     * prints them: 1234 → 1.234, 5 → 0.005, −5 → −0.005, 0 → 0.000.
     */
    void micros(long ns) throws IOException {
        room(LONGEST_NUMBER);
        putMicros(ns);
    }

    /**
     * Writes a double as {@code Numbers.jsonRatio} does: the shortest decimal that reads back as it,
     * always with a fraction part and never with an exponent ("2.0", "0.6738529562766525").
     *
     * @param field what the value is, for the message when it is not finite (JSON holds no NaN or infinity)
     */
    void ratio(double v, String field) throws IOException {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(field + " is " + v + ", which JSON cannot hold");
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            number((long) v);          // a whole number (a count of nodes): its digits and ".0"; -0.0 is "0.0"
            room(2);
            buf[pos++] = '.';
            buf[pos++] = '0';
            return;
        }
        raw(fractionText(v));
    }

    /** @return a finite double that is not a whole number below 1e15, as {@code Numbers.decimal} spells it */
    static String fraction(double v) {
        String s = Double.toString(v);
        if (s.indexOf('E') < 0) {
            return s;          // plain, it is what BigDecimal.valueOf(v).toPlainString() gives: the same digits
        }
        // below 1e-3 or from 1e7 on Double.toString uses an exponent: BigDecimal spells it out
        s = BigDecimal.valueOf(v).toPlainString();
        return s.indexOf('.') < 0 ? s + ".0" : s;
    }

    // The unchecked writes. An event of a fixed shape asks once for the most room it can take
    // (reserve), then writes its parts with put*, which do not look at the buffer's end: the
    // formatting of millions of events then spends nothing on bounds, and its code stays small (the
    // JIT took 0.6 s to compile a trace's slice when every part checked). Invariant: after
    // reserve(n), the next put*s write at most n bytes in all, each no more than its stated longest
    // (LONGEST_NUMBER for a number or a micros, LONGEST_WHOLE_RATIO for a ratio that is a whole
    // number); the one part of longer length, a ratio's fraction (up to LONGEST_FRACTION), makes
    // room for itself and for what is still reserved after it (reservedEnd), draining if it must: a
    // drained buffer holds both, as reserve refuses a reservation that with a fraction exceeds a buffer.

    /** Makes room for {@code bytes} bytes of put*s (with {@link #LONGEST_FRACTION}, at most a buffer). */
    void reserve(int bytes) throws IOException {
        if (buf.length - pos < bytes) {
            if (bytes + LONGEST_FRACTION > buf.length) {
                throw new IllegalArgumentException(bytes + " bytes reserved in buffers of " + buf.length);
            }
            drain();
        }
        reservedEnd = pos + bytes;
    }

    /** {@link #raw(byte[])} within a reservation. */
    void put(byte[] b) {
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    /** {@link #raw(char)} within a reservation. */
    void put(char c) {
        buf[pos++] = (byte) c;
    }

    /** {@link #number} within a reservation. */
    void putNumber(long v) {
        if (v < 0) {
            buf[pos++] = '-';
            if (v == Long.MIN_VALUE) {              // −v does not fit: its last digit first
                unsigned(-(v / 10));
                buf[pos++] = (byte) ('0' - (int) (v % 10));
                return;
            }
            v = -v;
        }
        unsigned(v);
    }

    /** {@link #micros} within a reservation. */
    void putMicros(long ns) {
        if (ns < 0) {
            buf[pos++] = '-';
        }
        // |ns| / 1000 and |ns| % 1000 without negating (Long.MIN_VALUE has no positive counterpart)
        long whole = Math.abs(ns / 1000);
        int frac = (int) Math.abs(ns % 1000);
        unsigned(whole);
        buf[pos] = '.';
        buf[pos + 1] = THOUSANDTHS[3 * frac];
        buf[pos + 2] = THOUSANDTHS[3 * frac + 1];
        buf[pos + 3] = THOUSANDTHS[3 * frac + 2];
        pos += 4;
    }

    /**
     * {@link #ratio} within a reservation: a whole number takes at most {@link #LONGEST_WHOLE_RATIO}
     * bytes of it; a fraction makes room for its text itself (a drain mid-reservation leaves a whole
     * buffer, which holds the rest of any reservation).
     */
    void putRatio(double v, String field) throws IOException {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            // a whole number (a count of nodes): its digits and ".0"; -0.0 is "0.0" as (long) -0.0 is 0
            // (NaN fails the first test, an infinity the second)
            putNumber((long) v);
            buf[pos] = '.';
            buf[pos + 1] = '0';
            pos += 2;
            return;
        }
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(field + " is " + v + ", which JSON cannot hold");
        }
        byte[] text = fractionText(v);
        int rest = Math.max(0, reservedEnd - pos - LONGEST_WHOLE_RATIO);   // reserved for what follows
        if (buf.length - pos < text.length + rest) {
            drain();
        }
        System.arraycopy(text, 0, buf, pos, text.length);
        pos += text.length;
        reservedEnd = pos + rest;
    }

    /** @return {@link #fraction}'s text as bytes, from the cache when it holds {@code v} */
    private byte[] fractionText(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int slot = (int) (bits ^ bits >>> 29 ^ bits >>> 47) & (RATIO_SLOTS - 1);
        byte[] text = ratioText[slot];
        if (text == null || ratioBits[slot] != bits) {
            text = JsonBytes.ascii(fraction(v));
            ratioBits[slot] = bits;
            ratioText[slot] = text;
        }
        return text;
    }

    /** Writes {@code s} as a JSON string: quoted, escaped, UTF-8. */
    void string(String s) throws IOException {
        raw('"');
        chars(s);
        raw('"');
    }

    /** @return {@code s} as {@link #string} writes it, quotes included, to write again and again with {@link #raw} */
    static byte[] quoted(String s) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream(s.length() + 2);
        JsonBytes j = new JsonBytes(b, 64);
        try {
            j.string(s);
            j.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);     // a byte array stream does not fail
        }
        return b.toByteArray();
    }

    /** Writes {@code s}'s characters escaped as in a JSON string, without the quotes. */
    void chars(String s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            room(12);                         // the longest a char can take: a surrogate pair's 4 bytes, a six-byte escape
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x80) {
                if (c == '"' || c == '\\') {
                    buf[pos++] = '\\';
                }
                buf[pos++] = (byte) c;
            } else if (c < 0x20) {
                escapeControl(c);
            } else if (c < 0x800) {
                buf[pos++] = (byte) (0xC0 | c >> 6);
                buf[pos++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                buf[pos++] = (byte) (0xF0 | cp >> 18);
                buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3F);
                buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3F);
                buf[pos++] = (byte) (0x80 | cp & 0x3F);
            } else {
                if (Character.isSurrogate(c)) {
                    c = '\uFFFD';                 // a lone surrogate: no UTF-8 for it
                }
                buf[pos++] = (byte) (0xE0 | c >> 12);
                buf[pos++] = (byte) (0x80 | c >> 6 & 0x3F);
                buf[pos++] = (byte) (0x80 | c & 0x3F);
            }
        }
    }

    private void escapeControl(char c) {
        buf[pos++] = '\\';
        switch (c) {
            case '\b' -> buf[pos++] = 'b';
            case '\t' -> buf[pos++] = 't';
            case '\n' -> buf[pos++] = 'n';
            case '\f' -> buf[pos++] = 'f';
            case '\r' -> buf[pos++] = 'r';
            default -> {
                buf[pos++] = 'u';
                buf[pos++] = '0';
                buf[pos++] = '0';
                buf[pos++] = HEX[c >> 4];
                buf[pos++] = HEX[c & 0xF];
            }
        }
    }

    /** Hands every buffered byte to the stream and flushes it. */
    void flush() throws IOException {
        drain();
        if (behind != null) {
            behind.finish();
        } else {
            out.flush();
        }
    }

    /** 10^k for k = 0..18. */
    private static final long[] POWERS = new long[19];
    static {
        POWERS[0] = 1;
        for (int k = 1; k < POWERS.length; k++) {
            POWERS[k] = 10 * POWERS[k - 1];
        }
    }

    /** @return how many decimal digits {@code v ≥ 0} takes (1 for 0): from its bit length, without a loop */
    static int digits(long v) {
        long u = v | 1;
        int t = ((64 - Long.numberOfLeadingZeros(u)) * 1233) >>> 12;    // 1233 / 4096 ~ log10(2): t or t - 1 digits
        return t + (u >= POWERS[t] ? 1 : 0);
    }

    /** Digits of {@code v ≥ 0}, most significant first; the caller made room. */
    private void unsigned(long v) {
        int end = pos + digits(v);
        int at = end;
        while (v >= 100) {                  // from the right, two digits a division
            long q = v / 100;
            int r = (int) (v - q * 100);
            buf[--at] = PAIRS[2 * r + 1];
            buf[--at] = PAIRS[2 * r];
            v = q;
        }
        if (v >= 10) {
            buf[--at] = PAIRS[2 * (int) v + 1];
            buf[--at] = PAIRS[2 * (int) v];
        } else {
            buf[--at] = (byte) ('0' + (int) v);
        }
        pos = end;
    }

    private void room(int bytes) throws IOException {
        if (buf.length - pos < bytes) {
            drain();
        }
    }

    private void drain() throws IOException {
        if (pos > 0) {
            if (behind != null) {
                buf = behind.hand(buf, pos);
            } else {
                out.write(buf, 0, pos);
            }
            flushed += pos;
            pos = 0;
        }
    }
}
