package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.ExactPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Unmodified fork/join programs on a real ForkJoinPool under the agent, in abstract units: every
 * region's work, span, burdened span and counts must equal the values worked out by hand, on 1 and
 * 4 workers and on every JDK the machine has.
 */
class ExactUnitsIT {
    static final long B = 100;

    static List<Object[]> cases() {
        return Jdks.javas().stream()
                .flatMap(j -> List.of(new Object[] {j, 1}, new Object[] {j, 2}, new Object[] {j, 4}).stream()).toList();
    }

    @ParameterizedTest(name = "{0} on {1} workers")
    @MethodSource("cases")
    void regionsMatchHandComputedValues(String java, int workers, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("exact.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",unit=abstract,burden=" + B,
                List.of(), ExactPrograms.class, Integer.toString(workers), "idioms"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("fib 144").contains("cc true").contains("unforkFib 55")
                .contains("quiescent true")
                .contains("invokeAll 3").contains("terminated true");
        assertThat(r.programStderr()).isEmpty();

        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isTrue();
        assertThat(rec.warnings()).isEmpty();
        Map<String, WorkSpan> regions = rec.regions().stream()
                .collect(Collectors.toMap(RegionRecord::label, Function.identity())).entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> noElapsed(e.getValue().measures())));

        int n = 12;
        long internal = internalNodes(n);
        assertThat(regions.get("fib")).isEqualTo(new WorkSpan(fibWork(n), fibSpan(n), B + fibBurdenedSpan(n),
                internal + 1, internal + 1, 0));
        assertThat(regions.get("snippetA")).isEqualTo(new WorkSpan(100, 50, 2 * B + 50, 2, 2, 0));
        assertThat(regions.get("snippetB")).isEqualTo(new WorkSpan(100, 50, B + 10 * (B + 5), 11, 11, 0));
        assertThat(regions.get("nonLifo")).isEqualTo(new WorkSpan(55, 36, 2 * B + 36, 3, 3, 0));
        assertThat(regions.get("invokeAllCollection")).isEqualTo(new WorkSpan(15, 5, 2 * B + 5, 5, 5, 0));
        assertThat(regions.get("countedCompleter")).isEqualTo(new WorkSpan(27, 15, 2 * B + 15, 4, 1, 0));
        assertThat(regions.get("external")).isEqualTo(new WorkSpan(56, 33, 2 + B + 30 + 1, 2, 2, 0));
        // tryUnfork idioms: the forked half is joined whether it was taken back or stolen
        assertThat(regions.get("unforkTree")).isEqualTo(new WorkSpan(8 * 5 + 7, 3 + 5, B + 3 + 3 * B + 5, 8, 8, 0));
        // the same tree as a direct ForkJoinTask subclass, taken back and run through exec()
        assertThat(regions.get("unforkExec")).isEqualTo(new WorkSpan(8 * 5 + 7, 3 + 5, B + 3 + 3 * B + 5, 8, 8, 0));
        int m = 10;
        long unforkInternal = internalNodes(m);
        assertThat(regions.get("unforkFib")).isEqualTo(new WorkSpan(fibWork(m), fibSpan(m), B + fibBurdenedSpan(m),
                unforkInternal + 1, unforkInternal + 1, 0));
        // tryUnfork, then the work redone by a plain call or the fork dropped (issue 21 item 2): the work is
        // the program's whatever the schedule, no gap; alone, a worker takes every fork back: the serial elision
        WorkSpan recompute = regions.get("unforkRecompute");
        WorkSpan drop = regions.get("unforkDrop");
        assertThat(recompute.work()).isEqualTo(8 * 5 + 7);
        assertThat(recompute.span()).isBetween(3L + 5, 8L * 5 + 7);
        assertThat(drop.work()).isEqualTo(3 + 4 + 50);
        if (workers == 1) {
            assertThat(recompute).isEqualTo(new WorkSpan(8 * 5 + 7, 8 * 5 + 7, B + 8 * 5 + 7, 8, 1, 0));
            assertThat(drop).isEqualTo(new WorkSpan(57, 57, B + 57, 2, 1, 0));
        }
        // a completer tree run three times, reinitialize()d between runs: no re-fork, no gap (the warnings are
        // empty); per run 16 leaves of 5 and 15 internal units, span 4 + 5 through the right halves, each
        // carrying a burden (4 forks and the invoke from main), 15 forks and the invoke; one sync: the invoke
        assertThat(regions.get("completerReuse")).isEqualTo(new WorkSpan(3 * 95, 3 * 9, 3 * (5 * B + 9), 3 * 16, 3, 0));
        // quiescence joins the four leaves, the fire-and-forget task and the 50 it left unjoined
        assertThat(regions.get("helpQuiesce")).isEqualTo(new WorkSpan(2 + 100 + 2 + 50 + 3, 2 + 1 + 50 + 3,
                B + 2 + B + 1 + B + 50 + 3, 7, 7, 0));
        assertThat(regions.get("awaitQuiescence")).isEqualTo(new WorkSpan(2 + 20 + 30 + 1, 2 + 30 + 1, 2 + B + 30 + 1,
                2, 2, 0));
        assertThat(regions.get("adapt")).isEqualTo(new WorkSpan(42, 20, 2 * B + 20, 4, 4, 0));
        // a pool's invokeAll of callables from outside: three submissions, each joined inside
        // invokeAll and then once more by the program's get() (a wait on a done task is a sync too)
        assertThat(regions.get("poolInvokeAll")).isEqualTo(new WorkSpan(2 + 60 + 1, 2 + 30 + 1, 2 + B + 30 + 1, 3, 6, 0));
        // awaitTermination of a shut-down pool joins what it ran, like awaitQuiescence
        assertThat(regions.get("awaitTermination")).isEqualTo(new WorkSpan(2 + 20 + 30 + 1, 2 + 30 + 1,
                2 + B + 30 + 1, 2, 2, 0));
        assertThat(regions.get("invokeAllDeque")).isEqualTo(new WorkSpan(10, 4, 2 * B + 4, 4, 4, 0));
        assertThat(rec.regions()).allSatisfy(reg -> assertThat(reg.unjoined()).isZero());
        // P is the peak of the worker slots (measures.md §2): `own` runs while `pool` is alive (used
        // before and after it), and pools alive at the same time add up: at least 2 × workers; plus,
        // schedule permitting, main (it holds a slot when it runs a task still queued, an external
        // join) and the common pool (when one of its workers takes a task main forked outside a pool)
        assertThat(rec.wholeRun().workers()).isGreaterThanOrEqualTo(2 * workers)
                .isEqualTo(rec.workerSlots().peak());
        assertThat(rec.workerSlots().describe()).contains(" pools, those alive at the same time add up");
    }

    static WorkSpan noElapsed(WorkSpan w) {
        return new WorkSpan(w.work(), w.span(), w.burdenedSpan(), w.spawns(), w.syncs(), 0);
    }

    // fib with a unit on entry and one after the join (ExactPrograms.Fib): recurrences, by hand
    static long fibWork(int n) {
        return n < 2 ? 1 : 2 + fibWork(n - 1) + fibWork(n - 2);
    }

    static long fibSpan(int n) {
        return n < 2 ? 1 : 2 + Math.max(fibSpan(n - 1), fibSpan(n - 2));
    }

    /** The forked child n-1 carries the burden; the inline n-2 does not. */
    static long fibBurdenedSpan(int n) {
        return n < 2 ? 1 : 2 + Math.max(B + fibBurdenedSpan(n - 1), fibBurdenedSpan(n - 2));
    }

    static long internalNodes(int n) {
        return n < 2 ? 0 : 1 + internalNodes(n - 1) + internalNodes(n - 2);
    }
}
