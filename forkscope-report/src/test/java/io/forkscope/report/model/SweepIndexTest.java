package io.forkscope.report.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep index: what is written is read back identically, and a file that is not one is named in one line. */
class SweepIndexTest {
    @TempDir
    Path dir;

    @Test
    void rowsReadBackAsWritten() throws Exception {
        List<IndexRow> rows = new ArrayList<>(GeneratedSweep.grid(new long[] {1000, 2000}, new int[] {1, 2, 3}, 2));
        rows.add(new IndexRow(5, 2, 1, "n5-p2-t1.fsk", 0, 0, 1, 2, 3, 4, 5, 6, 7, 3, 12, OptionalLong.empty(), 2,
                false));   // no T1', unpinned, more slots than p
        Path file = dir.resolve(SweepIndex.FILE_NAME);
        StringWriter w = new StringWriter();
        SweepIndex.write(rows, w);
        Files.writeString(file, w.toString());
        assertThat(SweepIndex.read(file)).isEqualTo(rows);
        assertThat(Files.readAllLines(file).get(0)).isEqualTo(SweepIndex.HEADER);
        assertThat(Files.readAllLines(file).get(13)).isEqualTo("5,2,1,n5-p2-t1.fsk,0,0,1,2,3,4,5,6,7,3,12,,2,false");
    }

    @Test
    void theModelDelayIsWhatWorkAndNoWorkLeaveOfTheSlotTime() {
        IndexRow r = new IndexRow(5, 2, 1, "f.fsk", 0, 0, 100, 20, 30, 7, 3, 80, 50, 2, 160, OptionalLong.of(90), 2,
                true);
        assertThat(r.modelDelay()).isEqualTo(30).isEqualTo(r.slotTime() - r.work() - r.noWork());
        assertThat(r.notRunningShare()).isEqualTo(7 / 160.0);
        assertThat(r.trainingRun().delay()).isEqualTo(30);
        assertThat(r.trainingRun().serialWork()).isEqualTo(90);
    }

    @Test
    void aFileThatIsNotAnIndexIsNamedWithItsLine() throws Exception {
        Path missing = dir.resolve("none.csv");
        assertThatThrownBy(() -> SweepIndex.read(missing)).hasMessage(missing + ": no such file (the index forkscope"
                + " sweep writes)");
        Path other = Files.writeString(dir.resolve("bench.csv"), "region,p,trial,time_ns\nx,1,1,5\n");
        assertThatThrownBy(() -> SweepIndex.read(other)).isInstanceOf(SweepIndex.Malformed.class)
                .hasMessageStartingWith(other + ": not a sweep index");
        Path bad = Files.writeString(dir.resolve("bad.csv"), SweepIndex.HEADER + "\n"
                + SweepIndex.row(GeneratedSweep.row(1000, 1, 1)) + "1000,0,1,f.fsk,1,1,1,1,1,1,1,1,1,1,1,,1,true\n");
        assertThatThrownBy(() -> SweepIndex.read(bad)).hasMessageStartingWith(bad + ":3: not a row of a sweep index");
        Path negative = Files.writeString(dir.resolve("neg.csv"), SweepIndex.HEADER + "\n"
                + "1000,1,1,f.fsk,1,1,-1,1,1,1,1,1,1,1,1,,1,true\n");
        assertThatThrownBy(() -> SweepIndex.read(negative)).hasMessageContaining("negative work_ns");
    }

    @Test
    void noisyRunsAreRefusedAndNoisyPointsFlaggedInOneLineEach() {
        IndexRow quiet = GeneratedSweep.row(1000, 2, 1);
        IndexRow offCpu = new IndexRow(1000, 3, 1, "n1000-p3-t1.fsk", 20, 20, 1000, 100, 100, 150, 0, 450, 300, 3,
                1350, OptionalLong.of(900), 2, false);   // 150 / 1350 = 11.1% not running
        IndexRow slow = withElapsed(GeneratedSweep.row(1000, 2, 2), quiet.elapsed() * 12 / 10);
        IndexRow noSerial = new IndexRow(2000, 2, 1, "n2000-p2-t1.fsk", 1, 1, 1, 1, 1, 0, 0, 1, 1, 2, 3,
                OptionalLong.empty(), 2, true);
        TrainingSet set = TrainingSet.screen(List.of(quiet, offCpu, slow, noSerial), false, true);
        assertThat(set.kept()).containsExactly(quiet, slow);
        assertThat(set.refused()).hasSize(2);
        assertThat(set.refused().get(0)).startsWith("refused n1000-p3-t1.fsk (n 1000, p 3, trial 1): not running 11.1%")
                .contains("unpinned on 2 core(s), oversubscribed");
        assertThat(set.refused().get(1)).contains("n2000-p2-t1.fsk").contains("no T1'");
        // spread (1.2 e - e) / median(e, 1.2 e) = 0.2 / 1.1
        assertThat(set.flagged()).singleElement().asString().startsWith("noisy n 1000, p 2: its 2 trials' elapsed"
                + " times spread 18.2%");
        TrainingSet kept = TrainingSet.screen(List.of(quiet, offCpu), true, true);
        assertThat(kept.kept()).containsExactly(quiet, offCpu);
        assertThat(kept.flagged()).singleElement().asString().startsWith("noisy n1000-p3-t1.fsk");
        assertThat(kept.grid().oversubscribed()).containsExactly(3);
    }

    static IndexRow withElapsed(IndexRow r, long elapsed) {
        return new IndexRow(r.n(), r.p(), r.trial(), r.file(), r.createTask(), r.waitTasks(), r.work(), r.delay(),
                r.noWork(), r.notRunning(), r.forkscope(), elapsed, r.span(), r.workers(), r.slotTime(), r.serialWork(),
                r.cpus(), r.pinned());
    }
}
