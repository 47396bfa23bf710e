package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.model.RecordingInfo;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class DelayJsonTest {
    private static final RecordingInfo INFO = new RecordingInfo(Map.of("mode", "dag"));

    @Test
    void keysAndValues() throws Exception {
        StringWriter out = new StringWriter();
        DelayJson.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", INFO, true, List.of(), null, out);
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("file").asText()).isEqualTo("run.fsk");
        assertThat(j.get("create_task").asLong()).isEqualTo(1);
        assertThat(j.get("wait_tasks").asLong()).isEqualTo(1);
        assertThat(j.get("end_task").asLong()).isEqualTo(2);
        assertThat(j.get("work_ns").asLong()).isEqualTo(35);
        assertThat(j.get("delay_ns").asDouble()).isEqualTo(15.0);
        assertThat(j.get("no_work_ns").asDouble()).isEqualTo(30.0);
        assertThat(j.get("critical_path_ns").asLong()).isEqualTo(25);
        assertThat(j.get("workers").asInt()).isEqualTo(2);
        assertThat(j.get("elapsed_ns").asLong()).isEqualTo(40);
        // T1/P = 35/2 = 17.5 and T1/P + T∞ = 42.5 ns, rounded half up to whole nanoseconds
        assertThat(j.get("work_bound_ns").isIntegralNumber()).isTrue();
        assertThat(j.get("work_bound_ns").asLong()).isEqualTo(18);
        assertThat(j.get("greedy_bound_ns").asLong()).isEqualTo(43);
        assertThat(j.get("greedy_speedup").asDouble()).isEqualTo(35 / 42.5);
        // T1 / (P × elapsed) = 35 / 80; no speedup without a serial run, and no T1 / elapsed at all
        assertThat(j.get("utilisation").asDouble()).isEqualTo(35 / 80.0);
        assertThat(j.get("speedup").isNull()).isTrue();
        assertThat(j.has("observed_speedup")).isFalse();
        assertThat(j.get("nodes").asLong()).isEqualTo(4);
        assertThat(j.get("materialized_nodes").asLong()).isEqualTo(4);
        assertThat(j.get("compression_ratio").isFloatingPointNumber()).isTrue();
        assertThat(j.get("compression_ratio").asDouble()).isEqualTo(1.0);
        assertThat(j.get("workers_times_elapsed_ns").asDouble()).isEqualTo(80.0);
        JsonNode b = j.get("breakdown");
        assertThat(b.get("work_ns").asDouble()).isEqualTo(35.0);
        assertThat(b.get("delay_ns").asDouble()).isEqualTo(15.0);
        assertThat(b.get("no_work_ns").asDouble()).isEqualTo(30.0);
        assertThat(b.get("no_work_sched_ns").asDouble()).isEqualTo(5.0);
        assertThat(b.get("no_work_app_ns").asDouble()).isEqualTo(25.0);
        assertThat(b.get("delay_by_kind_ns").get("create").asDouble()).isEqualTo(15.0);
        assertThat(b.get("delay_by_kind_ns").get("create-cont").asDouble()).isEqualTo(0.0);
        assertThat(b.get("delay_by_kind_ns").get("wait-cont").asDouble()).isEqualTo(0.0);
        assertThat(b.get("delay_by_kind_ns").get("end").asDouble()).isEqualTo(0.0);
        assertThat(b.get("percent").get("work").asDouble()).isEqualTo(43.75);
        assertThat(b.get("percent").get("delay").asDouble()).isEqualTo(18.75);
        assertThat(b.get("percent").get("no_work").asDouble()).isEqualTo(37.5);
        assertThat(b.get("percent").get("no_work_sched").asDouble()).isEqualTo(6.25);
        assertThat(b.get("percent").get("no_work_app").asDouble()).isEqualTo(31.25);
        assertThat(b.get("check_ok").asBoolean()).isTrue();
        JsonNode p = j.get("ready_path");
        assertThat(p.get("nodes").asInt()).isEqualTo(3);
        assertThat(p.get("length_ns").asDouble()).isEqualTo(40.0);
        assertThat(p.get("work_ns").asLong()).isEqualTo(25);
        assertThat(p.get("busy_delay_ns").asDouble()).isEqualTo(0.0);
        assertThat(p.get("scheduler_delay_ns").asDouble()).isEqualTo(15.0);
        assertThat(j.get("per_worker").isArray()).isTrue();
        assertThat(j.get("per_worker")).isEmpty();
        assertThat(j.get("serial").isNull()).isTrue();
        assertThat(j.get("info").get("mode").asText()).isEqualTo("dag");
    }

    @Test
    void perWorkerBusyIdleAndRunning() throws Exception {
        StringWriter out = new StringWriter();
        DelayJson.write(DelaySpotter.analyze(DelayFixtures.delayedWithBusy()), "run.fsk", INFO, true, List.of(), null, out);
        JsonNode w = new ObjectMapper().readTree(out.toString()).get("per_worker");
        assertThat(w).hasSize(2);
        JsonNode main = w.get(0);
        assertThat(main.get("worker").asInt()).isZero();
        assertThat(main.get("thread").asText()).isEqualTo("main");
        assertThat(main.get("busy_ns").asLong()).isEqualTo(40);
        assertThat(main.get("idle_ns").asLong()).isZero();
        assertThat(main.get("busy_intervals").asInt()).isEqualTo(1);
        assertThat(main.get("running_ns").asLong()).isEqualTo(25);
        assertThat(main.get("busy_not_running_ns").asLong()).isEqualTo(15);
        JsonNode pool = w.get(1);
        assertThat(pool.get("worker").asInt()).isEqualTo(1);
        assertThat(pool.get("thread").asText()).isEqualTo("pool-1-worker-1");
        assertThat(pool.get("busy_ns").asLong()).isEqualTo(15);
        assertThat(pool.get("idle_ns").asLong()).isEqualTo(25);
        assertThat(pool.get("busy_intervals").asInt()).isEqualTo(2);
        assertThat(pool.get("running_ns").asLong()).isEqualTo(10);
        assertThat(pool.get("busy_not_running_ns").asLong()).isEqualTo(5);
    }

    @Test
    void serialRun() throws Exception {
        StringWriter out = new StringWriter();
        DelayJson.write(DelaySpotter.analyze(DelayFixtures.delayed(), OptionalDouble.of(30)), "run.fsk", INFO, true, List.of(), "ser.fsk",
                out);
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("speedup").asDouble()).isEqualTo(30 / 40.0);   // T1' / elapsed
        JsonNode s = j.get("serial");
        assertThat(s.get("file").asText()).isEqualTo("ser.fsk");
        assertThat(s.get("work_ns").asDouble()).isEqualTo(30.0);
        assertThat(s.get("work_stretch_ns").asDouble()).isEqualTo(5.0);
        assertThat(s.get("performance_loss_ns").asDouble()).isEqualTo(50.0);
    }

    @Test
    void saysWhetherTheRecordingIsCompleteAndItsWarnings() throws Exception {
        StringWriter out = new StringWriter();
        DelayJson.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", INFO, false,
                List.of("run.fsk: recording is truncated after 3 complete blocks", "odd"), null, out);
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("complete").asBoolean()).isFalse();
        assertThat(j.get("warnings")).hasSize(2);
        assertThat(j.get("warnings").get(0).asText()).isEqualTo("run.fsk: recording is truncated after 3 complete blocks");
        out = new StringWriter();
        DelayJson.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", INFO, true, List.of(), null, out);
        j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("complete").isBoolean()).isTrue();
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("warnings").isArray()).isTrue();
        assertThat(j.get("warnings")).isEmpty();
    }
}
