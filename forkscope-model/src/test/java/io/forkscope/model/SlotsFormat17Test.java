package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.slots.OutsideThread;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The slots block (format 1.8): through the file and back; recordings without it keep a constant P. */
class SlotsFormat17Test {
    static final WorkerSlots SLOTS = WorkerSlots.of(5, 95, 4, List.of(new PoolLife(2, false, 5, 60, 3),
            new PoolLife(1, true, 40, 95, 1)), List.of(new OutsideThread(0, "main", new long[] {5, 30, 50, 55})), 1);

    static byte[] file(WorkerSlots slots, boolean dag) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, dag ? "dag" : "cilkview"));
        if (dag) {
            w.dagRun(4, 5, 95);
        }
        if (slots != null) {
            w.slots(slots);
        }
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 4, 4, 9, true));
        w.endOfRecording();
        return bytes.toByteArray();
    }

    @Test
    void theSlotsComeBackAndTheDagIsMeasuredAgainstThem() throws Exception {
        Recording rec = DagFormat12Test.read(file(SLOTS, true));
        assertThat(rec.warnings()).isEmpty();
        assertThat(rec.workerSlots()).isEqualTo(SLOTS);
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.slots()).isEqualTo(SLOTS);
        // 2 + main on [5, 30), 2 on [30, 40), 3 on [40, 50), 4 on [50, 55), 3 on [55, 60), 1 on [60, 95)
        assertThat(dag.workers()).isEqualTo(4);
        assertThat(dag.slotTime()).isEqualTo(3 * 25 + 2 * 10 + 3 * 10 + 4 * 5 + 3 * 5 + 35);
    }

    @Test
    void withoutTheBlockPIsConstantAsBefore() throws Exception {
        Recording rec = DagFormat12Test.read(file(null, true));
        assertThat(rec.workerSlots().recorded()).isFalse();
        assertThat(rec.workerSlots().at(0)).isEqualTo(4);
        assertThat(rec.recordedDag().orElseThrow().slotTime()).isEqualTo(4 * 90);
        Recording plain = DagFormat12Test.read(file(null, false));
        assertThat(plain.workerSlots().describe()).startsWith("4 slots (constant");
    }
}
