package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.cli.CliRunner;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.delay.ChromeTraceReference;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code export --chrome} of a recorded DAG against the Jackson writer it replaced
 * ({@link ChromeTraceReference}, from the report module's tests): the file is the reference's text,
 * byte for byte.
 */
final class ChromeTraceAgreement {
    private ChromeTraceAgreement() {}

    /** Exports {@code fsk} to {@code json} with the command line and compares it with the reference. */
    static void assertExportIsTheReference(Path fsk, Path json) throws Exception {
        CliRunner.Result export = CliRunner.run("export", fsk.toString(), "--chrome", json.toString());
        assertThat(export.exitCode()).as(export.err()).isZero();
        Recording rec = RecordingReader.read(fsk);
        Dag dag = rec.recordedDag().orElseThrow();
        StringWriter reference = new StringWriter();
        ChromeTraceReference.write(dag, ParallelismProfile.of(dag), fsk.toString(), reference,
                rec.recordedSites().orElse(null));
        String written = Files.readString(json, StandardCharsets.UTF_8);
        assertThat(written.length()).as("the trace's length").isEqualTo(reference.toString().length());
        assertThat(written).as("the trace of %s", fsk).isEqualTo(reference.toString());
    }
}
