package io.forkscope.report;

import static io.forkscope.report.Fixtures.WHOLE;
import static io.forkscope.report.Fixtures.recording;
import static io.forkscope.report.Fixtures.render;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TextReportTest {
    static final TextReport TEXT = new TextReport();

    /**
     * Work 1000, span 100, burdened span 160, 10 spawns, 12 syncs: parallelism 10, burdened
     * parallelism 6.25, average maximal strand 1000/33 = 30.3; lower bounds 1000/(500 + 272) = 1.30,
     * 1000/(250 + 272) = 1.92, 1000/(125 + 272) = 2.52.
     */
    @Test
    void wholeRunExactly() throws Exception {
        String text = render(TEXT, recording("time", WHOLE, List.of(), List.of(), true));
        assertThat(text).isEqualTo("""
                Unit ns (measured time), burden 6,250 ns per steal edge (default)
                Speedup estimates for P = 2 to 8; diagnosis for 8 processors

                Whole run
                  Work:                       1,000 ns (1.00 us)
                  Span:                         100 ns
                  Burdened span:                160 ns
                  Parallelism:                10.00
                  Burdened parallelism:        6.25
                  Spawns:                        10
                  Syncs:                         12
                  Average maximal strand:      30.3 ns
                  Elapsed:                1,234,567 ns (1.23 ms)
                  Workers:                        4
                  Threads:                        5
                  Tasks:                         11
                  workers (P): 4 slots (constant: the recording holds no pool lives); 5 threads ran tasks
                  Speedup estimate
                    2 processors:  1.30 - 2.00
                    4 processors:  1.92 - 4.00
                    8 processors:  2.52 - 8.00
                  Diagnosis
                    - not enough parallelism for near-linear speedup on 8 processors: parallelism 10.00 is below 80 (10 x 8: a
                      work-stealing scheduler needs that margin to keep every processor busy); it still gives an estimated 2.52 - 8.00
                      on 8 processors; to scale further, expose more parallelism or shorten the span (forkscope sites: which code holds
                      it)
                    - strands too short: average maximal strand 30.3 ns is below 250 ns (about 500 instructions), spawn overhead shows;
                      coarsen (stop forking below a larger cutoff)
                """);
    }

    /** Issue 22: a serial section has no bound to estimate (it showed 0.45 - 1.00 on 2 processors). */
    @Test
    void aSerialSectionHasNoSpeedupEstimate() throws Exception {
        WorkSpan serial = new WorkSpan(1_000, 1_000, 1_000, 0, 0, 2_000);
        String text = render(TEXT, recording("time", serial, List.of(), List.of(), true));
        assertThat(text).contains("\n  Speedup estimate: none (no task was forked here: speedup 1 on any P)\n")
                .contains("    - serial: no task was forked here").doesNotContain("processors:  0.");
    }

    /** Issue 22: abstract mode printed "Unit units" and a default burden of 6,250 "units" without a word. */
    @Test
    void abstractUnitsSayWhatTheDefaultBurdenIs() throws Exception {
        io.forkscope.model.Recording rec = recording("abstract", WHOLE, List.of(), List.of(), true);
        java.util.Map<String, String> info = new java.util.LinkedHashMap<>(rec.info().asMap());
        info.put(io.forkscope.model.RecordingInfo.BURDEN, "6250");
        info.put(io.forkscope.model.RecordingInfo.BURDEN_SOURCE, "default");
        io.forkscope.model.Recording byDefault = new io.forkscope.model.Recording(new io.forkscope.model.RecordingInfo(info), rec.wholeRun(), rec.regions(),
                rec.warnings(), true);
        assertThat(render(TEXT, byDefault).lines().limit(2).toList()).containsExactly("Unit: abstract units of work the"
                + " program declared, burden 6,250 units per steal edge (default: the time default in ns",
                "    read as units; give --burden-ns in your units)");
    }

    /** Issue 22: a parallel stream showed "Syncs: 0" without a word why. */
    @Test
    void forksWithoutJoinsSayWhy() throws Exception {
        WorkSpan completers = new WorkSpan(1_000, 100, 160, 10, 0, 2_000);
        assertThat(render(TEXT, recording("time", completers, List.of(), List.of(), true))).containsPattern(
                "\n  Syncs: +0 \\(no join: tasks complete into their parents, as CountedCompleters and parallel streams"
                        + " do\\)\n");
        WorkSpan joined = new WorkSpan(1_000, 100, 160, 10, 12, 2_000);
        assertThat(render(TEXT, recording("time", joined, List.of(), List.of(), true))).doesNotContain("no join:");
    }

    /** 11 tasks ran in abstract mode, none declared a unit: said under the unit line, not when time. */
    @Test
    void abstractUnitsNeverDeclared() throws Exception {
        WorkSpan undeclared = new WorkSpan(0, 0, 200, 10, 12, 1_234_567);
        String text = render(TEXT, recording("abstract", undeclared, List.of(), List.of(), true));
        // a long line of prose, cut at 120 columns (issue 22)
        assertThat(text.lines().toList().subList(1, 3)).containsExactly("No units declared: the program ran 11 task(s)"
                + " but never called Forkscope.work, so its work and span are 0 units; record", "    it with --unit time");
        assertThat(render(TEXT, recording("time", undeclared, List.of(), List.of(), true))).doesNotContain("No units");
        WorkSpan declared = new WorkSpan(1, 1, 200, 10, 12, 1_234_567);
        assertThat(render(TEXT, recording("abstract", declared, List.of(), List.of(), true))).doesNotContain("No units");
    }

    /** A time from 1 µs on reads as every other time: whole ns and a duration (1,000,000 / 33 = 30,303.03 ns). */
    @Test
    void anAverageMaximalStrandOfMicrosecondsIsWholeNanosecondsWithItsDuration() throws Exception {
        WorkSpan ws = new WorkSpan(1_000_000, 100_000, 160_000, 10, 12, 1_234_567);
        assertThat(render(TEXT, recording("time", ws, List.of(), List.of(), true)))
                .containsPattern(line("Average maximal strand:", "30,303 ns (30.30 us)"));
    }

    /** Cilkview Fig. 6's numbers, as abstract units (Cilkview counts instructions). */
    @Test
    void figure6() throws Exception {
        WorkSpan quicksort = new WorkSpan(5_570_609_776L, 261_374_874L, 262_078_779L, 8_518_398, 8_518_398, 3_210_987_654L);
        String text = render(TEXT, recording("abstract", quicksort, List.of(), List.of(), true), new AnalysisOptions(8, 32));
        assertThat(text).startsWith("Unit: abstract units of work the program declared,"
                + " burden 100 units per steal edge (option)\n");
        assertThat(text)
                .containsPattern(line("Work:", "5,570,609,776 units"))
                .containsPattern(line("Span:", "261,374,874 units"))
                .containsPattern(line("Burdened span:", "262,078,779 units"))
                .containsPattern(line("Parallelism:", "21.31"))
                .containsPattern(line("Burdened parallelism:", "21.26"))
                .containsPattern(line("Spawns:", "8,518,398"))
                .containsPattern(line("Syncs:", "8,518,398"))
                .containsPattern(line("Average maximal strand:", "218.0 units"))
                .containsPattern(line("Elapsed:", "3,210,987,654 ns (3.21 s)"))
                // upper bounds as in the figure; lower bounds by Corollary 2 with 1.7·bT∞
                .contains("\n  Speedup estimate\n"
                        + "     2 processors:   1.72 -  2.00\n"
                        + "     4 processors:   3.03 -  4.00\n"
                        + "     8 processors:   4.88 -  8.00\n"
                        + "    16 processors:   7.02 - 16.00\n"
                        + "    32 processors:   8.99 - 21.31\n")
                .contains("    - not enough parallelism for near-linear speedup on 8 processors: parallelism 21.31 is below 80")
                .doesNotContain("strands too short");
    }

    private static Pattern line(String label, String value) {
        return Pattern.compile("\n  " + Pattern.quote(label) + " +" + Pattern.quote(value) + "\n");
    }

    @Test
    void repeatedLabelsAreAllPrintedAndNumbered() throws Exception {
        List<RegionRecord> regions = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            regions.add(new RegionRecord("step", "main", i * 1_000_000L, new WorkSpan(i * 1000L, 100, 100, i, i, 5000), 0));
        }
        regions.add(new RegionRecord("other", "worker", 0, new WorkSpan(50, 50, 50, 0, 0, 60), 0));
        String text = render(TEXT, recording("time", WHOLE, regions, List.of(), true));

        assertThat(text).contains("\nRegions (11)\n"
                + "  region            thread work (ns) span (ns) parallelism burdened parallelism\n"
                + "  \"step\" (1 of 10)  main       1,000       100       10.00                10.00\n"
                + "  \"step\" (2 of 10)  main       2,000       100       20.00                20.00\n");
        assertThat(text).contains("\n  \"step\" (10 of 10) main      10,000       100      100.00               100.00\n"
                + "  \"other\"           worker        50        50        1.00                 1.00\n\nWhole run\n");
        int previous = -1;
        for (int k = 1; k <= 10; k++) {
            String header = "\nRegion \"step\" (" + k + " of 10) on thread main, opened at " + k + ".00 ms\n";
            int at = text.indexOf(header);
            assertThat(at).as(header).isGreaterThan(previous);
            assertThat(text.substring(at + header.length()))
                    .containsPattern("^  Work: +" + String.format("%,d", k * 1000) + " ns \\(" + k + ".00 us\\)\n");
            previous = at;
        }
        assertThat(text).contains("\nRegion \"other\" on thread worker, opened at 0 ns\n");
    }

    @Test
    void regionDetails() throws Exception {
        String text = render(TEXT, Fixtures.timeRecording());
        assertThat(text).contains("""

                Region "merge, "final"" on thread ForkJoinPool-1-worker-3, opened at 3.00 ms
                  Work:                     300 ns
                  Span:                     300 ns
                  Burdened span:            300 ns
                  Parallelism:             1.00
                  Burdened parallelism:    1.00
                  Spawns:                     0
                  Syncs:                      0
                  Average maximal strand: 300.0 ns
                  Elapsed:                  700 ns
                  Unjoined tasks:             3 (forked here, unfinished at close)
                  Speedup estimate
                    2 processors:  0.45 - 1.00
                    4 processors:  0.51 - 1.00
                    8 processors:  0.55 - 1.00
                  Diagnosis
                    - not enough parallelism for near-linear speedup on 8 processors: parallelism 1.00 is below 80 (10 x 8: a
                      work-stealing scheduler needs that margin to keep every processor busy); it still gives an estimated 0.55 - 1.00
                      on 8 processors; to scale further, expose more parallelism or shorten the span (forkscope sites: which code holds
                      it)
                """);
        // 300 / (150 + 510) = 0.4545, 300 / (75 + 510) = 0.5128, 300 / (37.5 + 510) = 0.5479
        assertThat(text).doesNotContain("Workers:                      4\n  Speedup estimate\n    2 processors:  0.45");
    }

    @Test
    void anIncompleteRecordingSaysSoFirstAndWarningsAreLeftToTheCommandLine() throws Exception {
        String text = render(TEXT, Fixtures.timeRecording());
        assertThat(text).doesNotContain("something odd").doesNotContain("Warnings").startsWith("Unit ");
        String incomplete = render(TEXT, recording("time", WHOLE, List.of(), List.of(), false));
        assertThat(incomplete).startsWith("INCOMPLETE RECORDING: the numbers below cover only part of the run (it was not"
                + " closed (the recorded JVM was killed?))\nUnit ");
        String clean = render(TEXT, recording("time", WHOLE, List.of(), List.of(), true));
        assertThat(clean).doesNotContain("INCOMPLETE");
    }

    @Test
    void sectionWithoutWork() throws Exception {
        String text = render(TEXT, recording("time", WorkSpan.ZERO, List.of(), List.of(), true));
        assertThat(text).contains("\n  Parallelism:            0.00\n")
                .contains("\n  Speedup estimate: none (no work recorded)\n")
                .doesNotContain("Diagnosis")
                .doesNotContain("NaN")
                .doesNotContain("Infinity");
    }

    @Test
    void controlCharactersInLabelsStayOnOneLine() throws Exception {
        RegionRecord odd = new RegionRecord("two\nlines", "main", 0, new WorkSpan(10, 10, 10, 0, 0, 0), 0);
        String text = render(TEXT, recording("time", WHOLE, List.of(odd), List.of(), true));
        assertThat(text).contains("\nRegion \"two?lines\" on thread main, opened at 0 ns\n");
    }
}
