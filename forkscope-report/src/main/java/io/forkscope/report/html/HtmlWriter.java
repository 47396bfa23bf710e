package io.forkscope.report.html;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a section writes its part of the page: elements whose attribute values and text are always
 * escaped ({@link HtmlEscape}), and named data blocks ({@link JsonColumns}) that the page embeds as
 * {@code <script type="application/json">} for its scripts. Tag and attribute names are the
 * sections' own constants, never the program's strings.
 */
public final class HtmlWriter {
    private final StringBuilder html = new StringBuilder(1 << 16);
    private final Map<String, String> data = new LinkedHashMap<>();

    /** Opens {@code tag} with attributes given as name, value pairs (a null value leaves the attribute out). */
    public HtmlWriter open(String tag, String... attributes) {
        html.append('<').append(tag);
        attributes(attributes);
        html.append('>');
        return this;
    }

    public HtmlWriter close(String tag) {
        html.append("</").append(tag).append('>');
        return this;
    }

    /** An element with text content: {@code <tag attrs>text</tag>}. */
    public HtmlWriter element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** An element without content or end tag ({@code <input>}, {@code <canvas>} needs its end tag: use open/close). */
    public HtmlWriter empty(String tag, String... attributes) {
        return open(tag, attributes);
    }

    public HtmlWriter text(String text) {
        html.append(HtmlEscape.text(text == null ? "" : text));
        return this;
    }

    public HtmlWriter newline() {
        html.append('\n');
        return this;
    }

    /** A data block for the page's scripts, read with {@code JSON.parse} from the element with this id. */
    public HtmlWriter data(String id, JsonColumns columns) {
        if (data.putIfAbsent(id, columns.toString()) != null) {
            throw new IllegalStateException("two data blocks named " + id);
        }
        return this;
    }

    /** A table row of header or data cells, each with its text. */
    public HtmlWriter row(String cellTag, String... texts) {
        open("tr");
        for (String t : texts) {
            element(cellTag, t);
        }
        return close("tr").newline();
    }

    /**
     * A row of a table of numbers: its label, the value as people read it in a cell that also holds
     * the exact number ({@code data-key}, {@code data-value}: for scripts and tests), and a note.
     */
    public HtmlWriter numberRow(String label, String key, double value, String shown, String note) {
        open("tr").element("th", label, "scope", "row");
        element("td", shown, "class", "num", "data-key", key, "data-value", JsonColumns.number(value, 6));
        element("td", note == null ? "" : note);
        return close("tr").newline();
    }

    private void attributes(String... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come as name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            if (attributes[i + 1] != null) {
                html.append(' ').append(attributes[i]).append("=\"").append(HtmlEscape.attribute(attributes[i + 1]))
                        .append('"');
            }
        }
    }

    String html() {
        return html.toString();
    }

    Map<String, String> dataBlocks() {
        return data;
    }
}
