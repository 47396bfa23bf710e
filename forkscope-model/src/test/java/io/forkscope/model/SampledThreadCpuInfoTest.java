package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each thread's CPU time while sampled, as the recorder writes it into the information at the close. */
class SampledThreadCpuInfoTest {
    @Test
    void entriesReadBackByThreadIdWithNamesThatMayHoldSpaces() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("unit", "time");
        Map.Entry<String, String> a = RecordingInfo.sampledThreadCpuEntry(31, 480_000_000L, "ForkJoinPool-1-worker-1");
        Map.Entry<String, String> b = RecordingInfo.sampledThreadCpuEntry(7, 0, "my pool thread 2");
        values.put(a.getKey(), a.getValue());
        values.put(b.getKey(), b.getValue());
        assertThat(a.getKey()).isEqualTo("sample.cpu.31");
        assertThat(new RecordingInfo(values).sampledThreadCpu()).containsOnly(
                Map.entry(31L, new RecordingInfo.ThreadCpu(480_000_000L, "ForkJoinPool-1-worker-1")),
                Map.entry(7L, new RecordingInfo.ThreadCpu(0, "my pool thread 2")));
    }

    @Test
    void valuesItCannotReadAreLeftOut() {
        Map<String, String> values = Map.of("sample.cpu.x", "5 a", "sample.cpu.3", "five a", "sample.cpu.4", "9",
                "sample.period.ms", "10");
        assertThat(new RecordingInfo(values).sampledThreadCpu()).containsOnly(
                Map.entry(4L, new RecordingInfo.ThreadCpu(9, "?")));
    }
}
