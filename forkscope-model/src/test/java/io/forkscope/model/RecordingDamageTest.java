package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.dag.WorkerBusy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every block is checked: a file cut anywhere, and a file with any one byte changed, reads as what
 * it is. A cut inside a block says "cut short after byte N" (N the file's length); a cut between
 * blocks is a recording that was not closed; a changed byte inside a block says "damaged at byte S
 * (block type T, NAME)" with S where that block starts. Either keeps what the blocks before it hold,
 * or, when nothing to show comes before (no information block, no measurement), is refused with
 * one line naming the file and the damage. The block boundaries are those the writer reported as
 * it wrote, not the reader's.
 */
class RecordingDamageTest {
    /** One block of every kind a recorder writes, and where each starts and what type it is. */
    record Written(byte[] bytes, List<long[]> blocks) {
        /** @return {start, type} of the block holding byte {@code at}, or null in the header */
        long[] blockOf(int at) {
            long[] found = null;
            for (long[] b : blocks) {
                if (b[0] <= at) {
                    found = b;
                }
            }
            return found;
        }

        boolean isBoundary(int at) {
            return at == RecordingFormat.HEADER_BYTES || blocks.stream().anyMatch(b -> b[0] == at);
        }
    }

    interface Block {
        void write(RecordingWriter w) throws Exception;
    }

    static Written written() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(out);
        List<long[]> blocks = new ArrayList<>();
        WorkSpan ws = new WorkSpan(300, 120, 140, 4, 4, 500);
        List<Object[]> all = List.of(
                new Object[] {RecordingFormat.BLOCK_INFO, (Block) x -> x.info(Map.of(RecordingInfo.UNIT, "time",
                        RecordingInfo.MODE, "dag", RecordingInfo.BURDEN, "10"))},
                new Object[] {RecordingFormat.BLOCK_WHOLE_RUN, (Block) x -> x.wholeRun(new WholeRun(ws, 2, 2, 3, false))},
                new Object[] {RecordingFormat.BLOCK_REGION, (Block) x -> x.region(new RegionRecord("r", "main", 5, ws, 0))},
                new Object[] {RecordingFormat.BLOCK_WARNING, (Block) x -> x.warning("a recorder warning")},
                new Object[] {RecordingFormat.BLOCK_DAG_NODES_V7, (Block) x -> x.dagNodes(DagFormat16Test.nodes())},
                new Object[] {RecordingFormat.BLOCK_DAG_BUSY, (Block) x -> x.workerBusy(new WorkerBusy(1, "w1",
                        new long[] {12, 40}))},
                new Object[] {RecordingFormat.BLOCK_DAG_RUN, (Block) x -> x.dagRun(2, 0, 45)},
                new Object[] {RecordingFormat.BLOCK_SITES, (Block) x -> x.sites(SitesBlockTest.quicksort())},
                new Object[] {RecordingFormat.BLOCK_SAMPLES, (Block) x -> x.samples(new byte[] {1, 2, 3, 4, 5})},
                new Object[] {RecordingFormat.BLOCK_WHOLE_RUN, (Block) x -> x.wholeRun(new WholeRun(ws, 2, 2, 3, true))},
                new Object[] {RecordingFormat.BLOCK_END, (Block) RecordingWriter::endOfRecording});
        for (Object[] b : all) {
            blocks.add(new long[] {out.size(), (Integer) b[0]});
            ((Block) b[1]).write(w);
        }
        return new Written(out.toByteArray(), blocks);
    }

    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "x.fsk");
    }

    @Test
    void theWholeFileReadsComplete() throws Exception {
        Recording r = read(written().bytes());
        assertThat(r.complete()).isTrue();
        assertThat(r.damage()).isNull();
        assertThat(r.incompleteCause()).isEmpty();
        assertThat(r.recordedSites()).isPresent();
        assertThat(r.recordedSamples()).isPresent();
    }

    @Test
    void aCutAnywhereSaysWhereOrIsAnUnclosedRecording() throws Exception {
        Written w = written();
        int infoEnd = (int) w.blocks().get(1)[0];
        int firstMeasurementEnd = (int) w.blocks().get(2)[0];
        for (int cut = 0; cut < w.bytes().length; cut++) {
            byte[] b = Arrays.copyOf(w.bytes(), cut);
            String as = "cut at " + cut;
            if (cut == 0) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: is empty (0 bytes), not a recording"
                        + " (did the recorded JVM start?)");
            } else if (cut < RecordingFormat.HEADER_BYTES) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: cut short after byte " + cut
                        + ", inside its header: nothing to read");
            } else if (cut == RecordingFormat.HEADER_BYTES) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: holds only its header, no block (the"
                        + " recorded JVM wrote nothing more)");
            } else if (cut < infoEnd) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: cut short after byte " + cut
                        + ", before its information block: nothing to read");
            } else if (cut == infoEnd) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessageStartingWith("x.fsk: recording holds no measurements");
            } else if (cut < firstMeasurementEnd) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: cut short after byte " + cut
                        + ", before its first measurement: nothing to read");
            } else {
                Recording r = read(b);
                assertThat(r.complete()).as(as).isFalse();
                if (w.isBoundary(cut)) {
                    assertThat(r.truncated()).as(as).isFalse();
                    assertThat(r.warnings().get(0)).as(as).matches("x\\.fsk: the recording (was not closed|has no end block).*");
                    assertThat(r.incompleteCause()).as(as).contains("it was not closed (the recorded JVM was killed?)");
                } else {
                    long[] block = w.blockOf(cut);
                    assertThat(r.truncated()).as(as).isTrue();
                    assertThat(r.damage().kind()).as(as).isEqualTo(RecordingDamage.Kind.CUT);
                    assertThat(r.warnings().get(0)).as(as).isEqualTo("x.fsk: cut short after byte " + cut
                            + " (inside a " + RecordingFormat.blockName((int) block[1]) + " block of type " + block[1]
                            + " that starts at byte " + block[0] + "); showing what the "
                            + w.blocks().indexOf(block) + " complete block(s) before it hold");
                    assertThat(r.incompleteCause()).as(as).contains("cut short after byte " + cut);
                }
            }
        }
    }

    /** Every byte after the header, changed three ways: the block it is in is damaged, wherever the byte is in it. */
    @Test
    void aChangedByteInAnyBlockSaysWhichBlockIsDamaged() throws Exception {
        Written w = written();
        int checked = 0;
        for (int at = RecordingFormat.HEADER_BYTES; at < w.bytes().length; at++) {
            long[] block = w.blockOf(at);
            for (int flip : new int[] {0x01, 0x80, 0xff}) {
                byte[] b = w.bytes().clone();
                b[at] ^= (byte) flip;
                String as = "byte " + at + " ^ " + flip;
                int type = at == block[0] ? (int) block[1] ^ flip : (int) block[1];   // the type byte as read
                String damaged = "x.fsk: damaged at byte " + block[0] + " (block type " + type + ", "
                        + RecordingFormat.blockName(type) + "): ";
                if (block[1] == RecordingFormat.BLOCK_INFO || block == w.blocks().get(1)) {
                    // nothing to show before it: refused with the damage
                    assertThatThrownBy(() -> read(b)).as(as).isInstanceOf(RecordingException.class)
                            .hasMessageStartingWith(damaged);
                } else {
                    Recording r = read(b);
                    assertThat(r.complete()).as(as).isFalse();
                    assertThat(r.truncated()).as(as).isTrue();
                    assertThat(r.damage().kind()).as(as).isEqualTo(RecordingDamage.Kind.DAMAGED);
                    assertThat(r.warnings().get(0)).as(as).startsWith(damaged)
                            .endsWith("; showing what the " + w.blocks().indexOf(block) + " complete block(s) before it hold");
                    assertThat(r.incompleteCause()).as(as).get().asString().startsWith(damaged.substring(7));
                }
                checked++;
            }
        }
        assertThat(checked).isEqualTo(3 * (w.bytes().length - RecordingFormat.HEADER_BYTES));
    }

    @Test
    void aChangedHeaderIsNotARecordingOrANewerOneAndItsMinorVersionIsNotChecked() throws Exception {
        Written w = written();
        for (int at = 0; at < RecordingFormat.HEADER_BYTES; at++) {
            byte[] b = w.bytes().clone();
            b[at] ^= 0x01;
            String as = "header byte " + at;
            if (at < RecordingFormat.MAGIC.length) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: not a forkscope recording (no FSKREC header)");
            } else if (at == 8) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessageContaining("is newer than this forkscope reads");
            } else if (at == 9) {
                assertThatThrownBy(() -> read(b)).as(as).hasMessage("x.fsk: not a forkscope recording (format version 0)");
            } else {
                assertThat(read(b).complete()).as(as).isTrue();   // readers decide by block type, not by minor
            }
        }
    }

    /** A length field changed so that the block seems to run past the file's end is damage, not a cut. */
    @Test
    void aLengthRunningPastTheEndIsDamageWhenAShorterOneMakesAWholeBlock() throws Exception {
        Written w = written();
        long[] end = w.blocks().get(w.blocks().size() - 1);
        byte[] b = w.bytes().clone();
        b[(int) end[0] + 4] = 0x10;    // the end block's length: 0 -> 16, past the file's end
        Recording r = read(b);
        assertThat(r.damage().kind()).isEqualTo(RecordingDamage.Kind.DAMAGED);
        assertThat(r.warnings().get(0)).startsWith("x.fsk: damaged at byte " + end[0] + " (block type 5, end): its"
                + " length field is damaged");
        // the same block honestly cut: a cut
        Recording cut = read(Arrays.copyOf(w.bytes(), w.bytes().length - 2));
        assertThat(cut.damage().kind()).isEqualTo(RecordingDamage.Kind.CUT);
    }
}
