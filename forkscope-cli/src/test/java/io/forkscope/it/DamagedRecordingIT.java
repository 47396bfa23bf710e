package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.model.RecordingFormat;
import io.forkscope.samples.SampleMain;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small real recording (record --sample on the bundled fib: mode dag, call sites, stack samples),
 * cut at every block boundary and in the middle of every block, and with one byte changed in the
 * middle of every block, through every command that reads a recording, on every JDK. Which command
 * must still work is decided from the blocks the test itself finds whole before the damage (its own
 * walk over the intact file's framing): with what it needs, a command prints its report, the
 * damage said first on stderr, exit 0; without it, one line naming the file and the damage, exit 2,
 * never "recorded without a DAG" and never a run of zeros.
 */
class DamagedRecordingIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    /** A block of the intact file: where it starts and ends, its type, its payload. */
    record Block(int start, int end, int type, byte[] payload) {}

    static List<Block> blocks(byte[] file) {
        List<Block> out = new ArrayList<>();
        int at = RecordingFormat.HEADER_BYTES;
        while (at < file.length) {
            int type = file[at] & 0xff;
            int len = ((file[at + 1] & 0xff) << 24) | ((file[at + 2] & 0xff) << 16) | ((file[at + 3] & 0xff) << 8)
                    | (file[at + 4] & 0xff);
            out.add(new Block(at, at + 9 + len, type, Arrays.copyOfRange(file, at + 5, at + 5 + len)));
            at += 9 + len;
        }
        assertThat(at).isEqualTo(file.length);
        return out;
    }

    /** What the whole blocks before the damage hold, as each command needs it. */
    record Kept(boolean readable, boolean measured, boolean bounds, boolean dagNodes, boolean sites, boolean samples) {
        static Kept of(List<Block> whole) throws IOException {
            boolean info = false;
            boolean whole1 = false;
            boolean measured = false;
            boolean bounds = false;
            boolean nodes = false;
            boolean sites = false;
            boolean samples = false;
            for (Block b : whole) {
                DataInputStream p = new DataInputStream(new ByteArrayInputStream(b.payload()));
                switch (b.type()) {
                    case RecordingFormat.BLOCK_INFO -> info = true;
                    case RecordingFormat.BLOCK_WHOLE_RUN -> {
                        whole1 = true;
                        long work = p.readLong();
                        p.skipBytes(5 * 8 + 8);
                        long tasks = p.readLong();
                        measured = tasks > 0 || work > 0;   // the later snapshot counts, as for the reader
                        bounds |= work > 0;
                    }
                    case RecordingFormat.BLOCK_REGION -> {
                        p.readUTF();
                        p.readUTF();
                        p.readLong();
                        bounds |= p.readLong() > 0;
                    }
                    case RecordingFormat.BLOCK_DAG_NODES_V4, RecordingFormat.BLOCK_DAG_NODES_V5, RecordingFormat.BLOCK_DAG_NODES_V6 -> nodes |= p.readInt() > 0;
                    case RecordingFormat.BLOCK_DAG_NODES_V7 -> nodes |= p.readUnsignedByte() > 0;   // a varint count: 0 is one 0 byte
                    case RecordingFormat.BLOCK_SITES -> sites = true;
                    case RecordingFormat.BLOCK_SAMPLES -> {
                        p.readLong();
                        samples = p.readBoolean();
                    }
                    default -> { }
                }
            }
            return new Kept(info && whole1, measured, bounds, nodes, sites, samples);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void everyCutAndEveryDamagedBlockIsSaidAndWhatSurvivedIsShown(String java, @TempDir Path dir) throws Exception {
        Path full = dir.resolve("fib.fsk");
        CliRunner.Result rec = CliRunner.run("record", "--sample", "--sites-include", "io.forkscope.samples.Fib",
                "-o", full.toString(), "--", java, "-cp", CliIT.cp(), SampleMain.class.getName(),
                "fib", "--n", "18", "--cutoff", "10", "--workers", "2");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        byte[] bytes = Files.readAllBytes(full);
        List<Block> blocks = blocks(bytes);
        Set<Integer> kinds = new TreeSet<>();
        blocks.forEach(b -> kinds.add(b.type()));
        assertThat(kinds).contains(RecordingFormat.BLOCK_INFO, RecordingFormat.BLOCK_WHOLE_RUN,
                RecordingFormat.BLOCK_DAG_NODES_V7, RecordingFormat.BLOCK_DAG_BUSY, RecordingFormat.BLOCK_DAG_RUN,
                RecordingFormat.BLOCK_SITES, RecordingFormat.BLOCK_SAMPLES, RecordingFormat.BLOCK_END);

        int cases = 0;
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            List<Block> before = blocks.subList(0, i);
            Kept kept = Kept.of(before);
            // cut where the block starts: what a killed JVM leaves
            if (i > 0) {
                check(dir, Arrays.copyOf(bytes, b.start()), "cut" + b.start(), kept, "(was not closed|no end block|no measurements yet)");
                cases++;
            }
            // cut in its middle
            int mid = b.start() + (b.end() - b.start()) / 2;
            check(dir, Arrays.copyOf(bytes, mid), "cut" + mid, kept, "cut short after byte " + mid);
            // one byte changed in its middle
            byte[] changed = bytes.clone();
            changed[mid] ^= 0x20;
            check(dir, changed, "changed" + mid, kept, "damaged at byte " + b.start() + " \\(block type " + b.type());
            cases += 2;
        }
        assertThat(cases).isGreaterThan(3 * 10);
    }

    private static void check(Path dir, byte[] bytes, String name, Kept kept, String cause) throws Exception {
        Path f = Files.write(dir.resolve(name + ".fsk"), bytes);
        String s = f.toString();
        expect(s, kept.readable() && kept.measured(), cause, "summary", s);
        expect(s, kept.readable() && kept.measured(), cause, "summary", s, "--csv");
        CliRunner.Result json = expect(s, kept.readable() && kept.measured(), cause, "summary", s, "--json");
        if (json.exitCode() == 0) {
            var root = new ObjectMapper().readTree(json.out());
            assertThat(root.get("complete").asBoolean()).as(name).isFalse();
            assertThat(root.get("work_ns").asLong()).as(name).isPositive();
            assertThat(root.get("warnings").get(0).asText()).as(name).containsPattern(cause);
        }
        expect(s, kept.readable() && kept.bounds(), cause, "plot", s, "-o", dir.resolve("s.svg").toString(), "--force");
        boolean dag = kept.readable() && kept.dagNodes();
        expect(s, dag, cause, "delays", s);
        expect(s, dag, cause, "compare", s);
        expect(s, dag, cause, "profile", s, "-o", dir.resolve("p.svg").toString(), "--force");
        expect(s, dag, cause, "export", s, "--chrome", dir.resolve("t.json").toString(), "--force");
        expect(s, kept.readable() && kept.sites(), cause, "sites", s);
        expect(s, kept.readable() && kept.samples(), cause, "contexts", s);
    }

    /** The command shows its report with the damage said first (exit 0) or says in one line why it cannot (exit 2). */
    private static CliRunner.Result expect(String file, boolean works, String cause, String... args) {
        CliRunner.Result r = CliRunner.run(args);
        String as = String.join(" ", args) + "\n" + r.err();
        List<String> err = r.err().lines().filter(l -> !l.startsWith("forkscope profile:")
                && !l.startsWith("forkscope export:") && !l.startsWith("forkscope plot:")).toList();
        if (works) {
            assertThat(r.exitCode()).as(as).isZero();
            assertThat(err.get(0)).as(as).startsWith("forkscope: warning: " + file + ": ").containsPattern(cause);
        } else {
            assertThat(r.exitCode()).as(as).isEqualTo(2);
            List<String> errors = err.stream().filter(l -> !l.startsWith("forkscope: warning: ")).toList();
            assertThat(errors).as(as).hasSize(1);
            assertThat(errors.get(0)).as(as).startsWith("forkscope: " + file).containsPattern(cause)
                    .doesNotContain("recorded without a DAG");
            assertThat(r.out()).as(as).isEmpty();
        }
        return r;
    }
}
