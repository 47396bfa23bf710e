package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-thread rows: samples against CPU time / period, hand-worked. */
class JfrSamplesTest {
    static final long PERIOD = 10_000_000L;

    private static JfrSamples samples(Map<Long, JfrSamples.ThreadRate> rates, Map<Long, Long> cpu, Map<Long, String> names) {
        return new JfrSamples("jdk.ExecutionSample", List.of(), rates, 0, 0, 0,
                new JfrSamples.Sampler("async-profiler 4.1", "cpu (perf_events)", ""), cpu, names, 0);
    }

    @Test
    void expectedIsCpuTimeOverThePeriodAndYieldTheShareObtained() {
        JfrSamples s = samples(Map.of(
                        11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 45, 0, 2_000_000_000L),
                        12L, new JfrSamples.ThreadRate(12, "ForkJoinPool-1-worker-2", 3, 0, 1_000_000_000L)),
                Map.of(11L, 500_000_000L, 12L, 40_000_000L, 13L, 250_000_000L, 14L, 30_000_000L),
                Map.of(11L, "ForkJoinPool-1-worker-1", 12L, "ForkJoinPool-1-worker-2", 13L, "ForkJoinPool-1-worker-3",
                        14L, "JFR Periodic Tasks"));
        List<JfrSamples.ThreadYield> rows = s.threads(PERIOD);
        // thread 14: 3 periods of CPU time and no sample: below the 5 periods from which such a row shows
        assertThat(rows).extracting(JfrSamples.ThreadYield::threadName).containsExactly(
                "ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2", "ForkJoinPool-1-worker-3");
        assertThat(rows.get(0).expected()).isEqualTo(50.0);
        assertThat(rows.get(0).yield()).isEqualTo(0.9);
        assertThat(rows.get(1).expected()).isEqualTo(4.0);
        assertThat(rows.get(1).yield()).isEqualTo(0.75);
        assertThat(rows.get(2).samples()).isZero();   // ran 250 ms and was never sampled
        assertThat(rows.get(2).yield()).isZero();
    }

    @Test
    void withoutCpuTimesTheRowsAreTheSampledThreadsAndYieldIsUnknown() {
        JfrSamples s = new JfrSamples("jdk.ExecutionSample", List.of(),
                Map.of(11L, new JfrSamples.ThreadRate(11, "w", 5, 0, 4_000_000_000L)), 0, 0, 0);
        List<JfrSamples.ThreadYield> rows = s.threads(PERIOD);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).cpuKnown()).isFalse();
        assertThat(rows.get(0).yield()).isNaN();
        assertThat(s.sampler().engine()).isEqualTo("jfr");
    }

    @Test
    void theMainThreadsSamplesUnderDestroyJavaVmGoToMainsRow() {
        // async-profiler names a thread as it ended: main ends as DestroyJavaVM, a Java thread of its own
        JfrSamples s = samples(Map.of(40L, new JfrSamples.ThreadRate(40, "DestroyJavaVM", 19, 0, 1_000_000_000L)),
                Map.of(1L, 200_000_000L), Map.of(1L, "main"));
        List<JfrSamples.ThreadYield> rows = s.threads(PERIOD);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).threadName()).isEqualTo("main");
        assertThat(rows.get(0).samples()).isEqualTo(19);
        assertThat(rows.get(0).expected()).isEqualTo(20.0);
    }

    @Test
    void theCloseReadCountsWhereItIsLaterThanTheLastEvent() {
        // worker 11's last JFR event read 400 ms, the close read 480 ms (JFR's hook stopped its
        // recording first); worker 12's close read cannot be below an event (it is at least as late)
        // but a larger event still wins; thread 13 reached the file only through the close read
        JfrSamples s = samples(Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 48, 0, 1)),
                Map.of(11L, 400_000_000L, 12L, 90_000_000L), Map.of(11L, "ForkJoinPool-1-worker-1", 12L, "w2"))
                .withCpuTimes(Map.of(
                        11L, new io.forkscope.model.RecordingInfo.ThreadCpu(480_000_000L, "ForkJoinPool-1-worker-1"),
                        12L, new io.forkscope.model.RecordingInfo.ThreadCpu(80_000_000L, "w2"),
                        13L, new io.forkscope.model.RecordingInfo.ThreadCpu(70_000_000L, "w3")));
        assertThat(s.cpuNs()).containsOnly(Map.entry(11L, 480_000_000L), Map.entry(12L, 90_000_000L),
                Map.entry(13L, 70_000_000L));
        assertThat(s.cpuNames()).containsEntry(13L, "w3");
        List<JfrSamples.ThreadYield> rows = s.threads(PERIOD);
        assertThat(rows).filteredOn(r -> r.threadId() == 11).singleElement()
                .satisfies(r -> assertThat(r.expected()).isEqualTo(48.0));
    }
}
