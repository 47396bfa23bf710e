package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.DelaySpotter;
import java.io.StringWriter;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class DelayTextTest {
    @Test
    void printsEveryNumberOfTheHandBuiltRun() throws Exception {
        StringWriter out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", true, null, out);
        List<String> lines = out.toString().lines().map(String::strip).toList();
        assertThat(lines.get(0)).isEqualTo("forkscope delays: run.fsk");
        assertThat(lines).contains(
                "create_task:            1",
                "wait_tasks:             1",
                "end_task:               2",
                "work (T1):             35 ns",
                "delay:                 15 ns",
                "no_work:               30 ns",
                "critical path (T\u221e):    25 ns",
                "workers (P):            2",
                "elapsed:               40 ns",
                "T1/P:                17.5 ns",
                "T1/P + T\u221e:           42.5 ns",
                "greedy speedup:      0.82  T1 / (T1/P + T\u221e)",
                "utilisation:         0.44  T1 / (P \u00d7 elapsed), not a speedup",     // 35 / 80 = 0.4375
                "speedup:                -  T1' / elapsed needs a serial run: record the serial elision or 1 worker"
                        + " and pass --serial SER.fsk",
                "nodes:                  4",
                "materialised nodes:     4",
                "compression ratio:   1.00  nodes / materialised",
                "Where P \u00d7 elapsed = 80 ns went",
                "work                                  35 ns   43.75%",
                "not running                            0 ns    0.00%",
                "delay                                 15 ns   18.75%",
                "after create                        15 ns   18.75%",
                "after create-cont                    0 ns    0.00%",
                "after wait-cont                      0 ns    0.00%",
                "after end                            0 ns    0.00%",
                "no-work                               30 ns   37.50%",
                "no-work-sched                        5 ns    6.25%",
                "no-work-app                         25 ns   31.25%",
                "work + not running + delay + no-work  80 ns  100.00%",
                "check: work + not running + delay + no-work = P \u00d7 elapsed",
                "Ready path: 3 node(s), 40 ns",
                "work             25 ns   62.50%",
                "not running       0 ns    0.00%",
                "busy delay        0 ns    0.00%",
                "scheduler delay  15 ns   37.50%");
        assertThat(out.toString()).doesNotContain("Against the serial run", "CHECK FAILED", "T1 / elapsed",
                "warning: the workers' threads were not running");
        assertThat(lines).contains("Workers: no busy intervals in this recording (recorded before format 1.2)");
    }

    @Test
    void printsEachWorkersBusyIdleAndRunningTime() throws Exception {
        StringWriter out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayedWithBusy()), "run.fsk", true, null, out);
        List<String> lines = out.toString().lines().toList();
        int at = lines.indexOf("Workers (ns)");
        assertThat(at).isPositive();
        assertThat(lines.subList(at + 1, at + 5)).containsExactly(
                "  worker  thread           busy  idle  intervals  running  busy-not-running",
                "       0  main               40     0          1       25                15",
                "       1  pool-1-worker-1    15    25          2       10                 5",
                "     all                     55    25          3       35                20");
        assertThat(out.toString()).doesNotContain("no busy intervals");
    }

    @Test
    void withASerialRunShowsTheWorkStretchAndTheLoss() throws Exception {
        StringWriter out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayed(), OptionalDouble.of(30)), "run.fsk", true, "ser.fsk", out);
        List<String> lines = out.toString().lines().map(String::strip).toList();
        assertThat(lines).contains(
                "Against the serial run ser.fsk",
                "serial work (T1'):        30 ns",
                "work stretch (T1 - T1'):   5 ns    6.25%",
                "not running:               0 ns    0.00%",
                "delay:                    15 ns   18.75%",
                "no-work:                  30 ns   37.50%",
                "performance loss:         50 ns   62.50%",
                "speedup:             0.75  T1' / elapsed (T1': the serial run's work)");   // 30 / 40
    }

    @Test
    void largeAmountsGetGroupedDigitsAndDurations() throws Exception {
        StringWriter out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayedSlow()), "slow.fsk", true, null, out);
        List<String> lines = out.toString().lines().map(l -> l.strip().replaceAll(" +", " ")).toList();
        assertThat(lines).contains("elapsed: 40,000 ns (40.00 us)", "Where P \u00d7 elapsed = 80,000 ns went (80.00 us)",
                "nodes: 10", "materialised nodes: 4", "compression ratio: 2.50 nodes / materialised",
                "work (T1): 34,000 ns (34.00 us)", "T1/P: 17,000 ns (17.00 us)", "no-work-sched 6,100 ns 7.63%");
    }

    @Test
    void anIncompleteRecordingSaysSoUnderTheTitleBeforeAnyNumber() throws Exception {
        StringWriter out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", false, null, out);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("forkscope delays: run.fsk");
        assertThat(lines.get(1)).isEqualTo(io.forkscope.report.TextReport.INCOMPLETE);
        out = new StringWriter();
        DelayText.write(DelaySpotter.analyze(DelayFixtures.delayed()), "run.fsk", true, null, out);
        assertThat(out.toString()).doesNotContain("INCOMPLETE");
    }
}
