package io.forkscope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting shared by the formats for people, spreadsheets and programs; always Locale.ROOT.
 *
 * <p>JSON numbers have one type per key, so that a script can read a key the same way in every
 * output: a count or an amount of (worker-)nanoseconds (keys ending {@code _ns}, {@code workers},
 * {@code nodes}, ...) is always an integer, {@link #jsonNanos rounded} to the nearest nanosecond
 * when computed as a double (worker-time shares, T1/P, averages); a ratio or percentage (speedups,
 * parallelism, utilisation, {@code percent}) is always a decimal with a fraction part, "2.0" and
 * never "2", and never an exponent ("117000000.0", not "1.17E8"). Counts and nanoseconds held
 * in a {@code long} or {@code int} are written as they are; every {@code double} a JSON writer
 * writes goes through {@link #jsonNanos} or {@link #jsonRatio}, never Jackson's own
 * {@code writeNumber(double)}, which gives "1.17E8".
 */
public final class Numbers {
    private Numbers() {}

    /** @return {@code 1234567} as "1,234,567" */
    public static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** @return two decimals, "21.31" */
    public static String fixed2(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** @return one decimal with thousands separators, "1,218.0" */
    static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /** @return nanoseconds as a duration for people, "1.23 ms"; "" below one microsecond */
    public static String humanDuration(long ns) {
        double abs = Math.abs((double) ns);
        if (abs >= 1e9) {
            return fixed2(ns / 1e9) + " s";
        } else if (abs >= 1e6) {
            return fixed2(ns / 1e6) + " ms";
        } else if (abs >= 1e3) {
            return fixed2(ns / 1e3) + " us";
        }
        return "";
    }

    /** @return nanoseconds as seconds with all nine decimals, exactly: 1234567890 → "1.234567890" */
    static String seconds(long ns) {
        return BigDecimal.valueOf(ns, 9).toPlainString();
    }

    /** @return up to 6 decimals, without trailing zeros or exponent: 21.312721 */
    public static String plain(double value) {
        return BigDecimal.valueOf(value).setScale(6, RoundingMode.HALF_EVEN)
                .stripTrailingZeros().toPlainString();
    }

    /** Writes a (worker-)nanosecond amount as an integer: rounded to the nearest nanosecond. */
    public static void jsonNanos(JsonGenerator g, String field, double ns) throws IOException {
        g.writeNumberField(field, Math.round(finite(field, ns)));
    }

    /** Writes a ratio as a decimal with a fraction part and without exponent: 2 → 2.0, 1.17E8 → 117000000.0. */
    public static void jsonRatio(JsonGenerator g, String field, double value) throws IOException {
        g.writeFieldName(field);
        g.writeNumber(decimal(finite(field, value)));
    }

    /** @return the shortest decimal that reads back as {@code value}, with a fraction part, no exponent */
    static String decimal(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return (long) value + ".0";      // the common case (a count of nodes), without a BigDecimal
        }
        String plain = BigDecimal.valueOf(value).toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }

    private static double finite(String field, double value) {
        if (!Double.isFinite(value)) {
            // JSON has no NaN or infinity: a writer that gets one has a bug to fix, not a number to hide
            throw new IllegalArgumentException(field + " is " + value + ", which JSON cannot hold");
        }
        return value;
    }
}
