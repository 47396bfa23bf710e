package io.forkscope.report.delay;

import static io.forkscope.report.Numbers.jsonNanos;
import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The runs of {@link CompareText} as JSON: {@code {"serial": FILE or null, "complete": whether
 * every recording read covers its whole run, "warnings": [...] (theirs, each naming its file),
 * "runs": [...]}}, each
 * run with {@code file}, {@code description}, every field of {@link DelayJson} (statistics,
 * {@code breakdown}, {@code ready_path}), and {@code fig5}: {@code work_ns} (the work stretch when
 * a serial run is given, with {@code is_work_stretch}), {@code delay_ns}, {@code no_work_sched_ns},
 * {@code no_work_app_ns}, their {@code percent} of P × elapsed, and with a serial run
 * {@code serial_work_ns} and {@code performance_loss_ns}.
 */
public final class CompareJson {
    private CompareJson() {}

    public static void write(List<CompareColumn> columns, String serialName, boolean complete, List<String> warnings,
                             Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            if (serialName != null) {
                g.writeStringField("serial", serialName);
            } else {
                g.writeNullField("serial");
            }
            g.writeBooleanField("complete", complete);
            JsonFields.strings(g, "warnings", warnings);
            g.writeArrayFieldStart("runs");
            String[] keys = {"work", "not_running", "forkscope", "delay", "no_work_sched", "no_work_app"};
            for (CompareColumn c : columns) {
                g.writeStartObject();
                g.writeStringField("file", c.name());
                g.writeStringField("description", c.description());
                DelayJson.fields(g, c.report());
                double[] parts = c.components();
                g.writeObjectFieldStart("fig5");
                boolean stretch = c.report().workStretch().isPresent();
                g.writeBooleanField("is_work_stretch", stretch);
                for (int k = 0; k < keys.length; k++) {
                    jsonNanos(g, keys[k] + "_ns", parts[k]);
                }
                g.writeObjectFieldStart("percent");
                for (int k = 0; k < keys.length; k++) {
                    jsonRatio(g, keys[k], Fmt.share(parts[k], c.total()));
                }
                g.writeEndObject();
                if (stretch) {
                    jsonNanos(g, "serial_work_ns", c.report().serialWork().getAsDouble());
                    jsonNanos(g, "performance_loss_ns", c.report().performanceLoss().getAsDouble());
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }
}
