package io.forkscope.report.html;

import java.util.List;
import java.util.Locale;

/**
 * The page's data as one JSON object of named columns: arrays of numbers or strings, one entry per
 * row (per node, per sample), not one object per row with its keys repeated. Strings are escaped
 * for a {@code <script>} element ({@link HtmlEscape#jsonString}), so the object can be embedded as is.
 */
public final class JsonColumns {
    private final StringBuilder json = new StringBuilder("{");

    private JsonColumns key(String name) {
        if (json.length() > 1) {
            json.append(',');
        }
        json.append(HtmlEscape.jsonString(name)).append(':');
        return this;
    }

    public JsonColumns longs(String name, long[] values) {
        key(name).json.append('[');
        for (int i = 0; i < values.length; i++) {
            json.append(i == 0 ? "" : ",").append(values[i]);
        }
        json.append(']');
        return this;
    }

    public JsonColumns ints(String name, int[] values) {
        key(name).json.append('[');
        for (int i = 0; i < values.length; i++) {
            json.append(i == 0 ? "" : ",").append(values[i]);
        }
        json.append(']');
        return this;
    }

    /** Doubles with up to {@code decimals} decimals, trailing zeros dropped; NaN and infinities as null. */
    public JsonColumns doubles(String name, double[] values, int decimals) {
        key(name).json.append('[');
        for (int i = 0; i < values.length; i++) {
            json.append(i == 0 ? "" : ",").append(number(values[i], decimals));
        }
        json.append(']');
        return this;
    }

    public JsonColumns strings(String name, List<String> values) {
        key(name).json.append('[');
        for (int i = 0; i < values.size(); i++) {
            json.append(i == 0 ? "" : ",").append(values.get(i) == null ? "null" : HtmlEscape.jsonString(values.get(i)));
        }
        json.append(']');
        return this;
    }

    public JsonColumns number(String name, double value) {
        key(name).json.append(number(value, 6));
        return this;
    }

    public JsonColumns string(String name, String value) {
        key(name).json.append(value == null ? "null" : HtmlEscape.jsonString(value));
        return this;
    }

    /** A nested object of columns. */
    public JsonColumns object(String name, JsonColumns value) {
        key(name).json.append(value);
        return this;
    }

    static String number(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "");
            s = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        }
        return s.equals("-0") ? "0" : s;
    }

    @Override
    public String toString() {
        return json + "}";
    }
}
