package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ProfileSegment;
import io.forkscope.analysis.delay.RandomSchedules;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.EdgeKind;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The counters as a viewer reads them back: one counter a series ("running", "ready KIND"), each event
 * holding one value, written only where its series changes; a series' value at any time is its last
 * event's at or before it (the rule of Perfetto and chrome://tracing alike for a counter of one series).
 * Read back that way, each series is the parallelism profile's step function, segment by segment, and 0
 * from the profile's end on.
 */
class ChromeTraceCountersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A series' events: [time (ns), value]. */
    record Step(long t, double value) {}

    static Map<String, List<Step>> series(Dag dag) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ChromeTrace.write(dag, ReadyTimes.of(dag), "run.fsk", bytes, null, ChromeTrace.Options.ALL);
        JsonNode root = JSON.readTree(bytes.toString(StandardCharsets.UTF_8));
        Map<String, List<Step>> out = new LinkedHashMap<>();
        for (JsonNode e : root.get("traceEvents")) {
            if (!e.get("ph").asText().equals("C")) {
                continue;
            }
            String name = e.get("name").asText();
            JsonNode args = e.get("args");
            assertThat(args.size()).as("one series an event: %s", e).isEqualTo(1);
            String key = name.substring(name.lastIndexOf(' ') + 1);
            assertThat(args.has(key)).as("%s's value is under %s", e, key).isTrue();
            assertThat(e.has("tid")).as("a counter is the process's").isFalse();
            long t = e.get("ts").decimalValue().movePointRight(3).longValueExact();
            out.computeIfAbsent(name, n -> new ArrayList<>()).add(new Step(t, args.get(key).asDouble()));
        }
        return out;
    }

    /** @return the series' value at {@code t}: its last event's at or before it (NaN before its first) */
    static double at(List<Step> steps, long t) {
        double v = Double.NaN;
        for (Step s : steps) {
            if (s.t() > t) {
                break;
            }
            v = s.value();
        }
        return v;
    }

    static void assertStepsAreTheProfile(Dag dag) throws Exception {
        Map<String, List<Step>> series = series(dag);
        List<ProfileSegment> segments = ParallelismProfile.of(dag).segments();
        if (segments.isEmpty()) {
            assertThat(series).isEmpty();
            return;
        }
        List<String> names = new ArrayList<>();
        names.add("running");
        for (EdgeKind k : EdgeKind.values()) {
            names.add("ready " + k.label());
        }
        assertThat(series.keySet()).containsExactlyElementsOf(names);
        for (int s = 0; s < names.size(); s++) {
            List<Step> steps = series.get(names.get(s));
            for (int i = 1; i < steps.size(); i++) {
                assertThat(steps.get(i).t()).as("%s in time order", names.get(s)).isGreaterThanOrEqualTo(steps.get(i - 1).t());
                assertThat(steps.get(i).value()).as("%s: an event only where the value changes", names.get(s))
                        .isNotEqualTo(steps.get(i - 1).value());
            }
            for (ProfileSegment seg : segments) {
                if (seg.end() <= seg.start()) {
                    continue;               // an empty segment: no time at which a viewer shows it
                }
                double expected = s == 0 ? seg.running() : seg.readyByKind()[s - 1];
                assertThat(at(steps, seg.start())).as("%s at %d", names.get(s), seg.start()).isEqualTo(expected + 0.0);
            }
            long end = segments.get(segments.size() - 1).end();
            assertThat(at(steps, end)).as("%s after the end", names.get(s)).isEqualTo(0.0);
            assertThat(steps.get(steps.size() - 1).t()).isLessThanOrEqualTo(end);
        }
    }

    @Test
    void theHandBuiltDags() throws Exception {
        for (Dag d : List.of(DelayFixtures.delayed(), DelayFixtures.delayedWithBusy(), DelayFixtures.delayedSlow(),
                new Dag(List.of(), 1, 0, 0))) {
            assertStepsAreTheProfile(d);
        }
    }

    @Property(tries = 1000)
    void eachSeriesIsTheProfilesStepFunction(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                                             @ForAll @IntRange(min = 0, max = 60) int size) throws Exception {
        Random rnd = new Random(seed);
        Dag dag = rnd.nextBoolean() ? ChromeTraceEquivalenceTest.randomDag(rnd, workers, size)
                : RandomSchedules.randomRun(rnd, workers, Math.max(1, size));
        assertStepsAreTheProfile(dag);
    }

    /** Fewer events than a pair a changed segment, and every value at each segment still there. */
    @Test
    void sparseOnTheHandBuiltRun() throws Exception {
        Map<String, List<Step>> series = series(DelayFixtures.delayedSlow());
        int events = series.values().stream().mapToInt(List::size).sum();
        assertThat(events).isPositive();
        assertThat(new BigDecimal(events)).isLessThan(new BigDecimal(5 * series.get("running").size()));
    }
}
