package io.forkscope.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Number formatting shared by the formats for people and spreadsheets; always Locale.ROOT. */
final class Numbers {
    private Numbers() {}

    /** @return {@code 1234567} as "1,234,567" */
    static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** @return two decimals, "21.31" */
    static String fixed2(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** @return one decimal with thousands separators, "1,218.0" */
    static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /** @return nanoseconds as a duration for people, "1.23 ms"; "" below one microsecond */
    static String humanDuration(long ns) {
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
    static String plain(double value) {
        return BigDecimal.valueOf(value).setScale(6, RoundingMode.HALF_EVEN)
                .stripTrailingZeros().toPlainString();
    }
}
