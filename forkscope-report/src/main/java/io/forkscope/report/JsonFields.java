package io.forkscope.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * What every JSON output of forkscope writes the same way: a pretty-printing generator that
 * leaves the caller's writer open, an array of strings (the recording's warnings) and the
 * recording's key/value information as an object.
 */
public final class JsonFields {
    private static final JsonFactory FACTORY = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    private JsonFields() {
    }

    /** A generator over {@code out} that indents by two spaces and does not close {@code out}. */
    public static JsonGenerator pretty(Writer out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        g.setPrettyPrinter(new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter));
        return g;
    }

    /** {@code "field": [ ...values ]} in the current object. */
    public static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** {@code "field": { key: value, ... }} in the current object, in the map's order. */
    public static void object(JsonGenerator g, String field, Map<String, String> values) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, String> e : values.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
