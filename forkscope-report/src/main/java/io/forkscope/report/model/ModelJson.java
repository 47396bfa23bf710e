package io.forkscope.report.model;

import static io.forkscope.report.Numbers.jsonNanos;
import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.model.ModelCheck;
import io.forkscope.analysis.model.PerformanceModel;
import io.forkscope.analysis.model.Prediction;
import io.forkscope.analysis.model.SizeScale;
import io.forkscope.analysis.model.TrainingRun;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Optional;

/**
 * The performance model's reports for scripts. {@code model fit --json}: the model file itself
 * ({@link ModelFile}). {@code model predict --json}: {@code model}, {@code n}, {@code p},
 * {@code extrapolation} (null inside the training grid, else the warning's text), then
 * {@code serial_work_ns}, {@code work_ns}, {@code create_task}, {@code wait_tasks}, {@code delay_ns},
 * {@code no_work_ns}, {@code time_ns}, {@code span_ns}, {@code no_work_span_ns}, {@code time_span_ns}
 * (work, delay and no-work are worker-time: time = (work + delay + no-work) / p). {@code model
 * check --json}: {@code model}, {@code index}, {@code runs} (each with {@code file}, {@code n},
 * {@code p}, {@code trial}, {@code actual} and {@code predicted}, objects of those keys; T1' is
 * 0 in {@code actual} when unknown) and {@code errors}, keyed {@code serial_work}, {@code work},
 * {@code create_task}, {@code wait_tasks}, {@code delay}, {@code no_work}, {@code time}, {@code span},
 * {@code no_work_span}, {@code time_span}, each {@code runs}, {@code q1}, {@code median},
 * {@code q3}, {@code max} (ratios; null without runs). Nanoseconds and counts are integers.
 */
public final class ModelJson {
    /** Keys of {@link ModelCheck#COMPONENTS}, as values (with _ns for times) and as errors. */
    static final List<String> VALUE_KEYS = List.of("serial_work_ns", "work_ns", "create_task", "wait_tasks", "delay_ns",
            "no_work_ns", "time_ns", "span_ns", "no_work_span_ns", "time_span_ns");
    static final List<String> ERROR_KEYS = List.of("serial_work", "work", "create_task", "wait_tasks", "delay",
            "no_work", "time", "span", "no_work_span", "time_span");

    private ModelJson() {}

    public static void fit(PerformanceModel model, TrainingGrid grid, Writer out) throws IOException {
        ModelFile.write(model, grid, out);
    }

    public static void predict(Prediction q, TrainingGrid grid, SizeScale scale, String modelName, Writer out)
            throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("model", modelName);
            jsonRatio(g, "n", q.n());
            g.writeNumberField("p", q.p());
            Optional<String> far = ModelText.extrapolation(q.n(), q.p(), grid, scale);
            if (far.isPresent()) {
                g.writeStringField("extrapolation", far.get());
            } else {
                g.writeNullField("extrapolation");
            }
            values(g, predicted(q));
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    /** {@code rows}: the index rows the check's runs came from, in the same order. */
    public static void check(ModelCheck check, List<IndexRow> rows, String modelName, String index, Writer out)
            throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("model", modelName);
            g.writeStringField("index", index);
            g.writeArrayFieldStart("runs");
            for (int i = 0; i < check.rows().size(); i++) {
                ModelCheck.Row r = check.rows().get(i);
                TrainingRun a = r.run();
                g.writeStartObject();
                g.writeStringField("file", rows.get(i).file());
                jsonRatio(g, "n", a.n());
                g.writeNumberField("p", a.p());
                g.writeNumberField("trial", rows.get(i).trial());
                g.writeObjectFieldStart("actual");
                values(g, r.actual());
                g.writeEndObject();
                g.writeObjectFieldStart("predicted");
                values(g, r.predicted());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("errors");
            for (int i = 0; i < check.errors().size(); i++) {
                ModelFile.error(g, ERROR_KEYS.get(i), check.errors().get(i).error());
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    static double[] predicted(Prediction q) {
        return new double[] {q.serialWork(), q.work(), q.createTask(), q.waitTasks(), q.delay(), q.noWork(), q.time(),
                             q.span(), q.noWorkSpan(), q.timeSpan()};
    }

    private static void values(JsonGenerator g, double[] v) throws IOException {
        for (int i = 0; i < v.length; i++) {
            jsonNanos(g, VALUE_KEYS.get(i), v[i]);
        }
    }
}
