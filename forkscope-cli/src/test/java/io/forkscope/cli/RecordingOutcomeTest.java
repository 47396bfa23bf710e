package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** record's closing line on recordings built by hand: empty ones and abstract ones without units. */
class RecordingOutcomeTest {
    static final Path FILE = Path.of("/r/run.fsk");

    static Recording recording(String unit, WholeRun run, List<RegionRecord> regions) {
        return new Recording(new RecordingInfo(Map.of(RecordingInfo.UNIT, unit)), run, regions, List.of(), true);
    }

    static WholeRun run(long work, long spawns, long syncs, long tasks) {
        return new WholeRun(new WorkSpan(work, work, work, spawns, syncs, 1_000), 2, 2, tasks, true);
    }

    @Test
    void aRecordingWithoutEventsSaysSoWithTheProgramsExitCode() {
        Recording empty = recording("time", run(0, 0, 0, 0), List.of());
        assertThat(RecordingOutcome.describe(FILE, Optional.of(empty), 3)).isEqualTo("recording " + FILE
                + " holds no fork/join events: the program exited with code 3 before any");
        assertThat(RecordingOutcome.describe(FILE, Optional.of(empty), 0)).startsWith("recording " + FILE
                + " holds no fork/join events: the program ran no ForkJoinTask");
        Recording noRun = recording("time", null, List.of());
        assertThat(RecordingOutcome.describe(FILE, Optional.of(noRun), 1)).contains("holds no fork/join events");
    }

    @Test
    void theSuggestedCommandQuotesAPathWithASpace() {
        Path spaced = Path.of("/r/my runs/run.fsk");
        assertThat(RecordingOutcome.describe(spaced, Optional.empty(), 0))
                .isEqualTo("recording written to " + spaced + "  (forkscope summary '/r/my runs/run.fsk')");
    }

    @Test
    void oneTaskOrOneRegionIsAnEvent() {
        for (Recording rec : List.of(recording("time", run(5, 0, 0, 1), List.of()),
                recording("time", run(0, 1, 0, 0), List.of()),
                recording("time", run(0, 0, 0, 0), List.of(new RegionRecord("r", "main", 0, WorkSpan.ZERO, 0))))) {
            assertThat(RecordingOutcome.describe(FILE, Optional.of(rec), 3))
                    .isEqualTo("recording written to " + FILE + "  (forkscope summary " + FILE + ")");
        }
    }

    @Test
    void abstractUnitsThatWereNeverDeclaredAreNamed() {
        Recording undeclared = recording("abstract", run(0, 8, 1, 9), List.of());
        assertThat(RecordingOutcome.describe(FILE, Optional.of(undeclared), 0)).startsWith("recording written to "
                + FILE + ", but its work is 0 units: the program ran 9 task(s) and never declared units with"
                + " Forkscope.work");
        Recording declared = recording("abstract", run(12, 8, 1, 9), List.of());
        assertThat(RecordingOutcome.describe(FILE, Optional.of(declared), 0)).doesNotContain("0 units");
        Recording timed = recording("time", run(0, 8, 1, 9), List.of());
        assertThat(RecordingOutcome.describe(FILE, Optional.of(timed), 0)).doesNotContain("0 units");
    }

    @Test
    void anIncompleteRecordingSaysWhyAndAKilledProgramBySignal() {
        Recording unclosed = new Recording(new RecordingInfo(Map.of(RecordingInfo.UNIT, "time")), run(5, 1, 1, 2),
                List.of(), List.of(), false);
        assertThat(RecordingOutcome.describe(FILE, Optional.of(unclosed), 137)).isEqualTo("recording written to "
                + FILE + ", incomplete: the program was killed by signal 9 (SIGKILL) before its recording was closed;"
                + " it holds the last snapshot written before  (forkscope summary " + FILE + ")");
        assertThat(RecordingOutcome.describe(FILE, Optional.of(unclosed), 0)).isEqualTo("recording written to "
                + FILE + ", incomplete: it was not closed (the recorded JVM was killed?)  (forkscope summary " + FILE
                + ")");
        Recording signalled = new Recording(new RecordingInfo(Map.of(RecordingInfo.UNIT, "time",
                RecordingInfo.ENDED_BY, "SIGINT")), run(5, 1, 1, 2), List.of(), List.of(), true);
        assertThat(RecordingOutcome.describe(FILE, Optional.of(signalled), 130)).isEqualTo("recording written to "
                + FILE + ", incomplete: its run was ended by SIGINT  (forkscope summary " + FILE + ")");
    }

    @Test
    void anUnreadableRecordingIsJustWritten() {
        assertThat(RecordingOutcome.describe(FILE, Optional.empty(), 2))
                .isEqualTo("recording written to " + FILE + "  (forkscope summary " + FILE + ")");
    }
}
