package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RecordingFormat;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What each command does with a recording whose damage took what it needs, and with one whose damage
 * left it: one line naming the file and the damage, exit 2, never "recorded without a DAG" nor a
 * row of zeros; or its report with the damage said first, exit 0. The files are laid out as the
 * agent writes them (IncompleteRecordingCommandsTest.dagRecording: information, the first
 * snapshot, DAG nodes, the final snapshot, the end).
 */
class DamagedRecordingCommandsTest {
    @TempDir
    Path dir;

    /** A DAG recording of the agent's layout, and where its DAG nodes begin (after the first snapshot). */
    static byte[] dag() throws Exception {
        return IncompleteRecordingCommandsTest.dagRecording(null);
    }

    /** @return the offset of the first block of {@code type} in {@code file} */
    static int firstBlock(byte[] file, int type) {
        int at = RecordingFormat.HEADER_BYTES;
        while (at < file.length) {
            if ((file[at] & 0xff) == type) {
                return at;
            }
            int len = ((file[at + 1] & 0xff) << 24) | ((file[at + 2] & 0xff) << 16) | ((file[at + 3] & 0xff) << 8)
                    | (file[at + 4] & 0xff);
            at += RecordingFormat.BLOCK_FRAME_BYTES + len;
        }
        throw new AssertionError("no block of type " + type);
    }

    List<String[]> every(Path f) {
        String s = f.toString();
        return List.of(new String[] {"summary", s}, new String[] {"summary", s, "--json"},
                new String[] {"summary", s, "--csv"}, new String[] {"delays", s}, new String[] {"delays", s, "--json"},
                new String[] {"compare", s}, new String[] {"compare", s, "--json"},
                new String[] {"profile", s, "-o", dir.resolve("p.svg").toString(), "--force"},
                new String[] {"export", s, "--chrome", dir.resolve("t.json").toString(), "--force"},
                new String[] {"plot", s, "-o", dir.resolve("s.svg").toString(), "--force"},
                new String[] {"sites", s}, new String[] {"contexts", s});
    }

    static void refused(String[] args, String line) {
        CliRunner.Result r = CliRunner.run(args);
        String as = String.join(" ", args) + "\n" + r.err();
        assertThat(r.exitCode()).as(as).isEqualTo(Main.USER_ERROR);
        assertThat(r.out()).as(as).isEmpty();
        List<String> errors = r.err().lines().filter(l -> !l.startsWith("forkscope: warning: ")).toList();
        assertThat(errors).as(as).containsExactly(line);
    }

    static CliRunner.Result shown(String[] args, String firstWarning) {
        CliRunner.Result r = CliRunner.run(args);
        String as = String.join(" ", args) + "\n" + r.err();
        assertThat(r.exitCode()).as(as).isZero();
        assertThat(r.err()).as(as).startsWith("forkscope: warning: " + firstWarning);
        return r;
    }

    @Test
    void anEmptyFileAndAHeaderAloneAreRefusedByEveryCommand() throws Exception {
        Path empty = Files.write(dir.resolve("empty.fsk"), new byte[0]);
        Path header = Files.write(dir.resolve("header.fsk"), Arrays.copyOf(dag(), RecordingFormat.HEADER_BYTES));
        Path half = Files.write(dir.resolve("half.fsk"), Arrays.copyOf(dag(), 5));
        for (String[] args : every(empty)) {
            refused(args, "forkscope: " + empty + ": is empty (0 bytes), not a recording (did the recorded JVM start?)");
        }
        for (String[] args : every(header)) {
            refused(args, "forkscope: " + header + ": holds only its header, no block (the recorded JVM wrote nothing"
                    + " more)");
        }
        for (String[] args : every(half)) {
            refused(args, "forkscope: " + half + ": cut short after byte 5, inside its header: nothing to read");
        }
    }

    /** The user's case: a DAG recording cut before its DAG nodes; summary still has the first snapshot's zeros only. */
    @Test
    void aDagRecordingCutBeforeItsNodesIsRefusedWhereverTheDagOrTheRunIsNeeded() throws Exception {
        byte[] full = dag();
        int cut = firstBlock(full, RecordingFormat.BLOCK_DAG_NODES_V7) + 20;
        Path f = Files.write(dir.resolve("cut.fsk"), Arrays.copyOf(full, cut));
        String damage = f + ": cut short after byte " + cut;
        for (String[] args : List.of(new String[] {"delays", f.toString()}, new String[] {"delays", f.toString(), "--json"},
                new String[] {"compare", f.toString()},
                new String[] {"profile", f.toString(), "-o", dir.resolve("p.svg").toString(), "--force"},
                new String[] {"export", f.toString(), "--chrome", dir.resolve("t.json").toString(), "--force"})) {
            refused(args, "forkscope: " + damage + ", and no node of its DAG (recorded with --mode dag) comes before that");
        }
        // the first snapshot (IncompleteRecordingCommandsTest.EARLY) has work: summary and plot show it
        shown(new String[] {"summary", f.toString()}, damage + " (inside a DAG nodes block");
        shown(new String[] {"plot", f.toString(), "-o", dir.resolve("s.svg").toString(), "--force"}, damage);
        // and a serial run so cut cannot give T1'
        Path whole = Files.write(dir.resolve("whole.fsk"), full);
        refused(new String[] {"delays", whole.toString(), "--serial", f.toString()},
                "forkscope: " + damage + ", and no node of its DAG (recorded with --mode dag) comes before that");
        assertThat(Files.exists(dir.resolve("p.svg"))).isFalse();
        assertThat(Files.exists(dir.resolve("t.json"))).isFalse();
    }

    /** Only the snapshot written at the start, before any event, survives: no command shows its zeros. */
    @Test
    void aRecordingWhoseOnlySnapshotIsTheEmptyFirstOneIsRefused() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(DagCommandsTest.info("cilkview"));
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 0, 0, 0, false));
        w.wholeRun(IncompleteRecordingCommandsTest.FINAL);
        byte[] full = bytes.toByteArray();
        int cut = full.length - 30;
        Path f = Files.write(dir.resolve("early.fsk"), Arrays.copyOf(full, cut));
        String damage = "forkscope: " + f + ": cut short after byte " + cut;
        refused(new String[] {"summary", f.toString()}, damage + ", and no measurement of its run comes before that");
        refused(new String[] {"summary", f.toString(), "--csv"}, damage + ", and no measurement of its run comes before that");
        refused(new String[] {"summary", f.toString(), "--json"}, damage + ", and no measurement of its run comes before that");
        refused(new String[] {"plot", f.toString(), "-o", dir.resolve("s.svg").toString(), "--force"},
                damage + ", and no work or span of its run comes before that");
        refused(new String[] {"delays", f.toString()}, "forkscope: " + f + ": recorded without a DAG; record with --mode dag");
        // the JVM killed before its first flush: the same
        int boundary = full.length - 90;   // the final snapshot's block: 9 bytes of frame, 81 of payload (1.7)
        Path killed = Files.write(dir.resolve("killed.fsk"), Arrays.copyOf(full, boundary));
        refused(new String[] {"summary", killed.toString()}, "forkscope: " + killed + ": it was not closed (the recorded"
                + " JVM was killed?), and no measurement of its run comes before that");
        // a complete recording of a run without any fork/join is no damage: shown as it is
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        RecordingWriter n = new RecordingWriter(none);
        n.info(DagCommandsTest.info("cilkview"));
        n.wholeRun(new WholeRun(WorkSpan.ZERO, 0, 0, 0, true));
        n.endOfRecording();
        Path empty = Files.write(dir.resolve("none.fsk"), none.toByteArray());
        CliRunner.Result r = CliRunner.run("summary", empty.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
    }

    /** A changed byte in the DAG's only node block before the final snapshot: the DAG is lost, the snapshot is not. */
    @Test
    void aDamagedNodeBlockLosesTheDagAndKeepsTheSnapshot() throws Exception {
        byte[] b = dag();
        int nodes = firstBlock(b, RecordingFormat.BLOCK_DAG_NODES_V7);
        b[nodes + 12] ^= 0x04;
        Path f = Files.write(dir.resolve("flipped.fsk"), b);
        String damage = f + ": damaged at byte " + nodes + " (block type 18, DAG nodes): its checksum does not match";
        refused(new String[] {"delays", f.toString()},
                "forkscope: " + damage + ", and no node of its DAG (recorded with --mode dag) comes before that");
        CliRunner.Result r = shown(new String[] {"summary", f.toString()}, damage + "; showing what the 2 complete");
        assertThat(r.out()).startsWith("INCOMPLETE RECORDING").contains("Work:");
    }

    /** A changed byte in the end block: every number survived, every command shows it after the warning. */
    @Test
    void aDamagedEndBlockLeavesEveryReportAfterTheWarning() throws Exception {
        byte[] b = dag();
        int end = firstBlock(b, RecordingFormat.BLOCK_END);
        b[end + 6] ^= 0x01;   // in its checksum
        Path f = Files.write(dir.resolve("end.fsk"), b);
        String damage = f + ": damaged at byte " + end + " (block type 5, end): its checksum does not match";
        for (String[] args : every(f).subList(0, 10)) {
            shown(args, damage);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sites", "contexts"})
    void sitesAndSamplesLostToACutNameTheCut(String command) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        Map<String, String> info = DagCommandsTest.info("cilkview");
        info.put("sites", "true");
        info.put("sample", "true");
        w.info(info);
        w.wholeRun(IncompleteRecordingCommandsTest.FINAL);
        w.warning("a recorder warning");
        byte[] full = bytes.toByteArray();
        Path f = Files.write(dir.resolve("s.fsk"), Arrays.copyOf(full, full.length - 3));
        String what = command.equals("sites") ? " was recorded with --sites but holds no call sites"
                : " was recorded with --sample but holds no samples";
        CliRunner.Result r = CliRunner.run(command, f.toString());
        assertThat(r.exitCode()).isEqualTo(Main.USER_ERROR);
        assertThat(r.err().lines().toList()).last().asString().startsWith("forkscope: " + f + what)
                .endsWith("which this recording does not reach: cut short after byte " + (full.length - 3));
    }
}
