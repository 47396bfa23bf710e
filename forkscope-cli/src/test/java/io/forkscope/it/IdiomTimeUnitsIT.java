package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.CpuIdiomPrograms;
import io.forkscope.it.programs.CpuTreePrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.WorkSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fork/join idioms in time units (issue 10): trees joined by tryUnfork-or-join, quiescence,
 * invokeAll of a collection, and the common pool with main as a helping caller (pool.invoke, where
 * main may run tasks, and tree.invoke(), where it runs the root and at least one leaf), each a region of
 * rounds of 32 computing leaves whose work and span CpuIdiomPrograms measures in the same run with
 * each leaf's CPU clock. Work within ±15%, span within ±25%, spawns exact, on 1 and 2 workers (the
 * common pool's parallelism set to match), on every JDK.
 */
class IdiomTimeUnitsIT {
    static final List<String> REGIONS = List.of("unfork", "helpQuiesce", "invokeAll", "common", "commonRootInMain");

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void idiomsMatchTheLeavesCpuTime(int workers, @TempDir Path dir) throws Exception {
        SoftAssertions soft = new SoftAssertions();
        for (String java : Jdks.javas()) {
            Path out = dir.resolve("idioms-" + workers + "-" + System.nanoTime() + ".fsk");
            ChildJvm.Result res = ChildJvm.run(ChildJvm.command(java, "out=" + out,
                    List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + workers),
                    CpuIdiomPrograms.class, Integer.toString(workers)), dir);
            assertThat(res.exitCode()).as(res.stderr()).isZero();
            assertThat(res.programStderr()).as(java).isEmpty();
            Recording rec = RecordingReader.read(out);
            assertThat(rec.complete()).as(java).isTrue();
            for (String region : REGIONS) {
                Matcher m = Pattern.compile("expected " + region + " work=(\\d+) span=(\\d+) spawns=(\\d+) leavesRunByMain=(\\d+)")
                        .matcher(res.stdout());
                assertThat(m.find()).as(res.stdout()).isTrue();
                long work = Long.parseLong(m.group(1));
                long span = Long.parseLong(m.group(2));
                WorkSpan measured = TimeUnitsIT.region(rec, region);
                String as = String.format("%s %s on %d workers: work %.3f, span %.3f of truth; measured %s, "
                        + "truth work=%d span=%d; leaves run by main %s", java, region, workers,
                        (double) measured.work() / work, (double) measured.span() / span, measured, work, span,
                        m.group(4));
                System.out.println(as);
                soft.assertThat((double) measured.work()).as(as).isBetween(0.85 * work, 1.15 * work);
                soft.assertThat((double) measured.span()).as(as).isBetween(0.75 * span, 1.25 * span);
                soft.assertThat(measured.spawns()).as(as).isEqualTo(Long.parseLong(m.group(3)));
            }
            // main computes every round's leftmost leaf itself: the helping caller is exercised
            Matcher main = Pattern.compile("expected commonRootInMain .* leavesRunByMain=(\\d+)").matcher(res.stdout());
            assertThat(main.find()).as(res.stdout()).isTrue();
            soft.assertThat(Long.parseLong(main.group(1))).as(java).isGreaterThanOrEqualTo(CpuTreePrograms.ROUNDS);
            soft.assertThat(rec.regions()).as(java).allSatisfy(reg -> assertThat(reg.unjoined()).isZero());
        }
        soft.assertAll();
    }
}
