package io.forkscope.report.model;

import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.forkscope.analysis.model.FitError;
import io.forkscope.analysis.model.FittedComponent;
import io.forkscope.analysis.model.ModelBases;
import io.forkscope.analysis.model.PerformanceModel;
import io.forkscope.analysis.model.SerialBases;
import io.forkscope.analysis.model.SizeScale;
import io.forkscope.analysis.model.Validation;
import io.forkscope.analysis.model.SpanNoWork;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fitted performance model as a file (JSON), written by {@code model fit}, read by {@code model
 * predict} and {@code model check}:
 * <pre>
 * { "format": "forkscope-model", "version": 2, "exponential": true, "base": 1.6180339887,
 *   "count_base": 1.6180339887, "validation": "forward",
 *   "training": { "n": [30.0, ...], "p": [1, 2, 3], "runs": 27, "trials": 3, "oversubscribed_p": [3],
 *                 "time": "elapsed", "trials_kept": "median" },
 *   "components": { "serial_work": { "name": "T1'", "bases": ["1", "n", ...],
 *                                    "coefficients": { "b1": 120000.0, "b2": 0.0, ... }, "alpha": 0.000001,
 *                                    "training_error": { "runs": 27, "q1": 0.01, "median": 0.02, "q3": 0.03, "max": 0.05 } },
 *                   "work": ..., "create_task": ..., "wait_tasks": ..., "delay": ..., "no_work": ...,
 *                   "span": ..., "no_work_span": ... },
 *   "time_error": { ... }, "time_error_span": { ... } }
 * </pre>
 * {@code base} is b of s = bⁿ, present when {@code exponential} is true, and {@code count_base} the task
 * counts' own (absent: {@code base}); {@code validation} how α was
 * chosen ({@code forward}, {@code groups} or {@code rows}: {@code analysis/model/Validation}).
 * {@code time} is {@code "net"} for a model fitted on the runs' net time ({@link TrainingSet}), and
 * {@code trials_kept} which trials of each (n, p) it learnt from ({@link TrialsKept}; absent: elapsed,
 * all, as before they existed). Coefficients are decimals that read back as the same double (so a model
 * read back predicts exactly what it predicted when fitted); an error without rows is null for each of
 * its numbers. The bases are checked on reading: a model whose bases differ from this forkscope's
 * equations is refused rather than evaluated on the wrong features; T1'(n)'s may be the bases a user
 * named ({@code analysis/model/SerialBases}), if they read.
 *
 * <p>Version 1 (before b could be chosen) had no {@code base} and no {@code validation}: it reads with
 * b = 2 (all version 1 could fit) and {@code groups} (its folds). Version 2 is written, so that an older
 * forkscope refuses a model it would evaluate with the wrong b.
 */
public final class ModelFile {
    public static final String FORMAT = "forkscope-model";
    public static final int VERSION = 2;
    /** The versions this forkscope reads. */
    static final List<Integer> READS = List.of(1, 2);
    /** The file's key of each component, in {@link PerformanceModel#components()}'s order. */
    static final List<String> KEYS = List.of("serial_work", "work", "create_task", "wait_tasks", "delay", "no_work",
            "span", "no_work_span");
    static final List<List<String>> BASES = List.of(ModelBases.SERIAL_WORK, ModelBases.WORK, ModelBases.COUNTS,
            ModelBases.COUNTS, ModelBases.DELAY, ModelBases.NO_WORK, SpanNoWork.SPAN, SpanNoWork.NO_WORK);
    private static final JsonFactory FACTORY = new JsonFactory();

    private ModelFile() {}

    /** A model and the grid it was trained on. */
    public record Loaded(PerformanceModel model, TrainingGrid grid) {}

    /** A file that is not a model this forkscope reads: the message says why, in one line, without the file's name. */
    public static final class NotAModel extends Exception {
        private static final long serialVersionUID = 1L;

        public NotAModel(String message) {
            super(message);
        }
    }

    public static void write(PerformanceModel model, TrainingGrid grid, Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeBooleanField("exponential", model.exponential());
            if (model.exponential()) {
                jsonRatio(g, "base", model.scale().base());
                jsonRatio(g, "count_base", model.countScale().base());
            }
            g.writeStringField("validation", model.validation().key());
            g.writeObjectFieldStart("training");
            g.writeArrayFieldStart("n");
            for (double n : grid.ns()) {
                String plain = java.math.BigDecimal.valueOf(n).toPlainString();
                g.writeNumber(plain.indexOf('.') < 0 ? plain + ".0" : plain);
            }
            g.writeEndArray();
            ints(g, "p", grid.ps());
            g.writeNumberField("runs", grid.runs());
            g.writeNumberField("trials", grid.trials());
            ints(g, "oversubscribed_p", grid.oversubscribed());
            g.writeStringField("time", grid.net() ? "net" : "elapsed");
            g.writeStringField("trials_kept", grid.trialsKept().key());
            g.writeEndObject();
            g.writeObjectFieldStart("components");
            List<FittedComponent> cs = model.components();
            for (int i = 0; i < cs.size(); i++) {
                FittedComponent c = cs.get(i);
                g.writeObjectFieldStart(KEYS.get(i));
                g.writeStringField("name", c.name());
                JsonFields.strings(g, "bases", c.bases());
                g.writeObjectFieldStart("coefficients");
                double[] v = c.coefficients();
                for (int j = 0; j < v.length; j++) {
                    jsonRatio(g, c.coefficientNames().get(j), v[j]);
                }
                g.writeEndObject();
                jsonRatio(g, "alpha", c.alpha());
                error(g, "training_error", c.trainingError());
                g.writeEndObject();
            }
            g.writeEndObject();
            error(g, "time_error", model.timeError());
            error(g, "time_error_span", model.timeErrorSpan());
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void ints(JsonGenerator g, String field, List<Integer> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (int v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    /** An error's rows, quartiles, median and max as ratios (null when it has no rows). */
    public static void error(JsonGenerator g, String field, FitError e) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("runs", e.rows());
        ratioOrNull(g, "q1", e.firstQuartile());
        ratioOrNull(g, "median", e.median());
        ratioOrNull(g, "q3", e.thirdQuartile());
        ratioOrNull(g, "max", e.max());
        g.writeEndObject();
    }

    static void ratioOrNull(JsonGenerator g, String field, double v) throws IOException {
        if (Double.isFinite(v)) {
            jsonRatio(g, field, v);
        } else {
            g.writeNullField(field);
        }
    }

    public static Loaded read(Reader in) throws IOException, NotAModel {
        Object root;
        try (JsonParser p = FACTORY.createParser(in)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new NotAModel("empty, not a forkscope model (model fit writes one)");
            }
            root = value(p, t);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new NotAModel("not JSON, so not a forkscope model (" + e.getOriginalMessage() + ")");
        }
        if (!(root instanceof Map<?, ?> m) || !FORMAT.equals(m.get("format"))) {
            throw new NotAModel("not a forkscope model (no \"format\": \"" + FORMAT + "\"; model fit writes one)");
        }
        Object version = m.get("version");
        if (!(version instanceof Double d) || !READS.contains((int) (double) d) || d != Math.rint(d)) {
            throw new NotAModel("a forkscope model of version " + version + "; this forkscope reads versions 1 and 2");
        }
        try {
            boolean exponential = (Boolean) m.get("exponential");
            SizeScale scale = !exponential ? SizeScale.LINEAR
                    : SizeScale.exponential(m.containsKey("base") ? (Double) m.get("base") : SizeScale.PAPER_BASE);
            SizeScale countScale = !exponential || !m.containsKey("count_base") ? scale
                    : SizeScale.exponential((Double) m.get("count_base"));
            Validation validation = m.containsKey("validation") ? Validation.of((String) m.get("validation"))
                    : Validation.GROUPS;
            Map<?, ?> training = (Map<?, ?>) m.get("training");
            List<Double> ns = new ArrayList<>();
            for (Object o : (List<?>) training.get("n")) {
                ns.add((Double) o);
            }
            Object time = training.containsKey("time") ? training.get("time") : "elapsed";
            Object kept = training.containsKey("trials_kept") ? training.get("trials_kept") : "all";
            if (!List.of("net", "elapsed").contains(time) || !List.of("fastest", "all", "median").contains(kept)) {
                throw new NotAModel("a damaged forkscope model (training time '" + time + "' or trials_kept '" + kept
                        + "' unknown)");
            }
            TrainingGrid grid = new TrainingGrid(ns, intList(training.get("p")), integer(training.get("runs")),
                    integer(training.get("trials")), intList(training.get("oversubscribed_p")), "net".equals(time),
                    TrialsKept.of((String) kept));
            Map<?, ?> components = (Map<?, ?>) m.get("components");
            List<FittedComponent> cs = new ArrayList<>();
            for (int i = 0; i < KEYS.size(); i++) {
                cs.add(component(KEYS.get(i), BASES.get(i), (Map<?, ?>) components.get(KEYS.get(i))));
            }
            PerformanceModel model = new PerformanceModel(scale, countScale, validation, cs.get(0), cs.get(1), cs.get(2), cs.get(3),
                    cs.get(4), cs.get(5), cs.get(6), cs.get(7), fitError((Map<?, ?>) m.get("time_error")),
                    fitError((Map<?, ?>) m.get("time_error_span")));
            return new Loaded(model, grid);
        } catch (ClassCastException | NullPointerException | IllegalArgumentException e) {
            throw new NotAModel("a damaged forkscope model (a field is missing or of the wrong type: " + e.getMessage()
                    + ")");
        }
    }

    private static FittedComponent component(String key, List<String> bases, Map<?, ?> c) throws NotAModel {
        if (c == null) {
            throw new NotAModel("a damaged forkscope model (no component \"" + key + "\")");
        }
        List<String> stored = new ArrayList<>();
        for (Object o : (List<?>) c.get("bases")) {
            stored.add((String) o);
        }
        if (!stored.equals(bases) && !(key.equals("serial_work") && userBases(stored))) {
            throw new NotAModel("a model whose " + key + " bases " + stored + " are not this forkscope's " + bases
                    + "; fit it again");
        }
        Map<?, ?> coefficients = (Map<?, ?>) c.get("coefficients");
        if (coefficients.size() != stored.size()) {
            throw new NotAModel("a damaged forkscope model (" + key + " has " + coefficients.size() + " coefficients for "
                    + stored.size() + " bases)");
        }
        List<String> names = new ArrayList<>();
        double[] values = new double[stored.size()];
        int j = 0;
        for (Map.Entry<?, ?> e : coefficients.entrySet()) {
            names.add((String) e.getKey());
            values[j] = (Double) e.getValue();
            if (!(values[j] >= 0) || Double.isInfinite(values[j])) {
                throw new NotAModel("a damaged forkscope model (" + key + "'s " + e.getKey() + " is " + values[j]
                        + ", not a finite non-negative coefficient)");
            }
            j++;
        }
        return new FittedComponent((String) c.get("name"), names, stored, values, (Double) c.get("alpha"),
                fitError((Map<?, ?>) c.get("training_error")));
    }

    /** Whether {@code stored} are bases a user named: each readable, in canonical spelling, none twice. */
    private static boolean userBases(List<String> stored) {
        try {
            return SerialBases.readable(stored) && SerialBases.parse(String.join(",", stored)).equals(stored);
        } catch (SerialBases.Unreadable e) {
            return false;
        }
    }

    private static FitError fitError(Map<?, ?> e) {
        return new FitError(integer(e.get("runs")), orNaN(e.get("q1")), orNaN(e.get("median")), orNaN(e.get("q3")),
                orNaN(e.get("max")));
    }

    private static double orNaN(Object o) {
        return o == null ? Double.NaN : (Double) o;
    }

    private static int integer(Object o) {
        double d = (Double) o;
        if (d != Math.rint(d)) {
            throw new IllegalArgumentException(d + " is not a whole number");
        }
        return (int) d;
    }

    private static List<Integer> intList(Object o) {
        List<Integer> out = new ArrayList<>();
        for (Object v : (List<?>) o) {
            out.add(integer(v));
        }
        return out;
    }

    /** The JSON value at the current token: maps keep their order, numbers are doubles, null is null. */
    private static Object value(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    m.put(name, value(p, p.nextToken()));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                for (JsonToken v = p.nextToken(); v != JsonToken.END_ARRAY; v = p.nextToken()) {
                    l.add(value(p, v));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IOException("unexpected " + t);
        }
    }
}
