package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.delay.DelaySpotter;
import java.io.StringWriter;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CompareTextTest {
    private static List<CompareColumn> columns(OptionalDouble serial) {
        return List.of(new CompareColumn("lifo.fsk", "mode=dag workers=2",
                        DelaySpotter.analyze(DelayFixtures.delayedSlow(), serial)),
                new CompareColumn("fifo.fsk", "mode=dag", DelaySpotter.analyze(DelayFixtures.delayed(), serial)));
    }

    @Test
    void sideBySide() throws Exception {
        StringWriter out = new StringWriter();
        CompareText.write(columns(OptionalDouble.empty()), null, true, out);
        List<String> lines = out.toString().lines().map(l -> l.strip().replaceAll(" +", " ")).toList();
        assertThat(lines.get(0)).isEqualTo("forkscope compare: 2 run(s)");
        assertThat(lines).contains("lifo.fsk fifo.fsk", "mode=dag workers=2 mode=dag",
                "elapsed (us) 40.000 0.040", "workers P 2 2", "P \u00d7 elapsed (us) 80.000 0.080",
                // the collapsed node of the slow run ran 9 of its 10 us: 0.9 of a worker
                "work (us) 34.000 0.035", "% of P \u00d7 elapsed 42.50% 43.75%",
                "delay (us) 15.000 0.015", "% of P \u00d7 elapsed 18.75% 18.75%",
                // its 1 us of inner runtime gaps is path waiting while worker 0 idles: (2 - 0.9) x 1 more
                "no-work-sched (us) 6.100 0.005", "% of P \u00d7 elapsed 7.63% 6.25%",
                "no-work-app (us) 24.900 0.025", "% of P \u00d7 elapsed 31.13% 31.25%",
                "not running (us) 0.000 0.000", "% of P \u00d7 elapsed 0.00% 0.00%",
                "work + not running + delay + no-work-sched + no-work-app = P \u00d7 elapsed",
                // T1 / (P × elapsed): 34 / 80 and 35 / 80 = 0.425, 0.4375 (rounded half up)
                "utilisation T1/(P \u00d7 elapsed) 0.43 0.44",
                "no speedup without a serial run: record the serial elision or 1 worker and pass --serial SER.fsk"
                        + " (speedup = T1'/elapsed)");
        assertThat(out.toString()).doesNotContain("T1/elapsed", "speedup T1");
    }

    @Test
    void withASerialRunTheWorkIsTheStretch() throws Exception {
        StringWriter out = new StringWriter();
        CompareText.write(columns(OptionalDouble.of(30)), "ser.fsk", true, out);
        List<String> lines = out.toString().lines().map(l -> l.strip().replaceAll(" +", " ")).toList();
        assertThat(lines.get(0)).isEqualTo("forkscope compare: 2 run(s); serial work T1' from ser.fsk");
        assertThat(lines).contains("work stretch (us) 33.970 0.005", "performance loss (us) 79.970 0.050",
                "speedup T1'/elapsed 0.00 0.75");   // 30 ns over 40 us and over 40 ns
        assertThat(out.toString()).doesNotContain("utilisation", "no speedup");
    }

    @Test
    void json() throws Exception {
        StringWriter out = new StringWriter();
        CompareJson.write(columns(OptionalDouble.of(30)), "ser.fsk", true, List.of(), out);
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("serial").asText()).isEqualTo("ser.fsk");
        JsonNode fifo = j.get("runs").get(1);
        assertThat(fifo.get("file").asText()).isEqualTo("fifo.fsk");
        assertThat(fifo.get("description").asText()).isEqualTo("mode=dag");
        assertThat(fifo.get("elapsed_ns").asLong()).isEqualTo(40);
        JsonNode fig5 = fifo.get("fig5");
        assertThat(fig5.get("is_work_stretch").asBoolean()).isTrue();
        assertThat(fig5.get("work_ns").asDouble()).isEqualTo(5.0);
        assertThat(fig5.get("delay_ns").asDouble()).isEqualTo(15.0);
        assertThat(fig5.get("no_work_sched_ns").asDouble()).isEqualTo(5.0);
        assertThat(fig5.get("no_work_app_ns").asDouble()).isEqualTo(25.0);
        assertThat(fig5.get("percent").get("no_work_app").asDouble()).isEqualTo(31.25);
        assertThat(fig5.get("serial_work_ns").asDouble()).isEqualTo(30.0);
        assertThat(fig5.get("performance_loss_ns").asDouble()).isEqualTo(50.0);
        assertThat(fifo.get("speedup").asDouble()).isEqualTo(0.75);   // T1' / elapsed = 30 / 40
        assertThat(j.get("runs").get(0).get("speedup").asDouble()).isEqualTo(30 / 40_000.0);
    }
}
