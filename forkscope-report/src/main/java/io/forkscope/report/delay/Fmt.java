package io.forkscope.report.delay;

import java.util.Locale;

/** Number formatting for the delay views; always Locale.ROOT. */
final class Fmt {
    private Fmt() {}

    /** @return worker-nanoseconds rounded to whole ns with thousands separators, "1,234,567" */
    static String ns(double value) {
        long rounded = Math.round(value);
        return String.format(Locale.ROOT, "%,d", rounded == 0 ? 0 : rounded);   // no "-0"
    }

    static String fixed2(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** @return value as a percentage of total, "43.75%"; "-" when total is 0 */
    static String percent(double value, double total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * value / total);
    }

    static double share(double value, double total) {
        return total == 0 ? 0 : 100 * value / total;
    }

    /** @return a duration for people, "1.23 ms"; "" below one microsecond */
    static String human(double ns) {
        double abs = Math.abs(ns);
        if (abs >= 1e9) {
            return fixed2(ns / 1e9) + " s";
        } else if (abs >= 1e6) {
            return fixed2(ns / 1e6) + " ms";
        } else if (abs >= 1e3) {
            return fixed2(ns / 1e3) + " us";
        }
        return "";
    }

    static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** @return the text cut to at most {@code max} characters, the cut marked with "..." */
    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(0, max - 3)) + "...";
    }

    /** @return the text with control characters replaced, for one-line display */
    static String printable(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        return b.toString();
    }
}
