package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22: a bundled program records with record's own options ({@code example NAME --record FILE
 * --mode dag | --sites | --sample ...}), as the user's program would, in a JVM of its own: its profile
 * holds no frame of forkscope's command line (shaded picocli, the example command).
 */
class ExampleRecordIT {
    @Test
    void modeDagRecordsTheDag(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("fib-dag.fsk");
        CliRunner.Result r = CliRunner.run("example", "fib", "--n", "24", "--cutoff", "14", "--record", out.toString(),
                "--mode", "dag");
        assertThat(r.exitCode()).as(r.err()).isZero();
        Recording rec = RecordingReader.read(out);
        assertThat(rec.recordedDag()).isPresent();
        CliRunner.Result delays = CliRunner.run("delays", out.toString());
        assertThat(delays.exitCode()).as(delays.err()).isZero();
    }

    @Test
    void sitesAndSamplesLikeRecord(@TempDir Path dir) throws Exception {
        Path sites = dir.resolve("fib-sites.fsk");
        CliRunner.Result r = CliRunner.run("example", "fib", "--n", "24", "--cutoff", "14", "--record", sites.toString(),
                "--sites");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(RecordingReader.read(sites).recordedSites()).isPresent();

        Path sampled = dir.resolve("fib-sampled.fsk");
        r = CliRunner.run("example", "fib", "--n", "30", "--cutoff", "14", "--record", sampled.toString(),
                "--sample", "--sample-period-ms", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        Recording rec = RecordingReader.read(sampled);
        assertThat(rec.recordedSamples()).isPresent();
        assertThat(rec.recordedDag()).as("--sample's logical contexts record the DAG").isPresent();
        CliRunner.Result flat = CliRunner.run("contexts", sampled.toString(), "--flat", "--top", "0");
        assertThat(flat.exitCode()).as(flat.err()).isZero();
        assertThat(flat.out()).contains("Fib").doesNotContain("picocli").doesNotContain("io.forkscope.cli.");
    }
}
