package io.forkscope.report.html;

/**
 * Escaping for the three places the report puts a string that came from the program (a class,
 * method, region label, thread or file name): HTML text, a quoted attribute value, and a JSON
 * string inside a {@code <script>} element. Control characters (a newline in a label) are shown as
 * '?' in text and attributes, as the text reports do; in JSON they are escaped and kept.
 */
public final class HtmlEscape {
    private HtmlEscape() {}

    /** @return {@code s} safe as the text of an element: {@code & < >} as entities */
    public static String text(String s) {
        return escape(s, false);
    }

    /** @return {@code s} safe inside a double-quoted attribute value: as text, and quotes as entities */
    public static String attribute(String s) {
        return escape(s, true);
    }

    /** {@code & < >} as entities, and with {@code quotes} also {@code " ' `}; control characters as '?'. */
    private static String escape(String s, boolean quotes) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append(quotes ? "&quot;" : "\"");
                case '\'' -> b.append(quotes ? "&#39;" : "'");
                case '`' -> b.append(quotes ? "&#96;" : "`");
                default -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c);
            }
        });
        return b.toString();
    }

    /**
     * @return {@code s} as a quoted JSON string that is also safe inside a {@code <script>} element:
     *     besides JSON's own escapes, {@code < > &} (no {@code </script>} or {@code <!--} can end or
     *     change the element) and U+2028, U+2029 (line ends to JavaScript) as {@code \}u escapes
     */
    public static String jsonString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029'
                            || Character.isSurrogate(c) && !pairedSurrogate(s, i)) {
                        b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** Whether the surrogate at {@code i} is half of a well-formed pair (a lone one is escaped). */
    private static boolean pairedSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
