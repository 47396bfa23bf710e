package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.report.predict.PredictCsv;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code forkscope predict} on a real run: fib recorded on 2 workers with {@code mode=dag} and
 * {@code collapse=false} (every strand a node, nothing for the simulation to guess). The
 * simulation's invariants, which hold whatever the machine's load: T_1 is exactly the DAG's work,
 * no T_P is below the work law T1/P or the span law T∞, the recorded P = 2 has its row, the CSV
 * reads back and the text names the recorded run. No time is asserted.
 */
class PredictIT {
    @Test
    void predictsARealDagWithinTheLaws(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("fib.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(Jdks.javas().get(0), "out=" + rec + ",mode=dag,collapse=false",
                List.of(), SampleMain.class, "fib", "--n", "20", "--cutoff", "6", "--workers", "2"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Recording recording = RecordingReader.read(rec);
        Dag dag = recording.recordedDag().orElseThrow();
        assertThat(dag.nodes()).noneMatch(DagNode::collapsed);
        long work = dag.nodes().stream().mapToLong(DagNode::work).sum();

        Path csv = dir.resolve("predicted.csv");
        CliRunner.Result p = CliRunner.run("predict", rec.toString(), "-p", "1-4,8,64", "--csv", "-o", csv.toString());
        assertThat(p.exitCode()).as(p.err()).isZero();
        List<PredictCsv.PredictedRow> rows = PredictCsv.read(csv);
        assertThat(rows).extracting(PredictCsv.PredictedRow::p).containsExactly(1, 2, 3, 4, 8, 64);
        List<String[]> fields = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")).toList();
        long span = Long.parseLong(fields.get(0)[3]);
        for (PredictCsv.PredictedRow row : rows) {
            assertThat(row.t1()).isEqualTo(work);
            long workLaw = (work + row.p() - 1) / row.p();
            assertThat(row.sequential()).as("T_%d", row.p()).isGreaterThanOrEqualTo(Math.max(workLaw, span));
            assertThat(row.malleable()).isEqualTo(row.sequential());     // nothing collapsed
        }
        assertThat(rows.get(0).sequential()).isEqualTo(work);

        CliRunner.Result text = CliRunner.run("predict", rec.toString(), "-p", "1,2");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("none collapsed", "Against the recorded run: P = " + dag.workers(),
                "simulated T_" + dag.workers());
        CliRunner.Result plot = CliRunner.run("plot", rec.toString(), "--predicted", csv.toString(), "-o",
                dir.resolve("fib.svg").toString());
        assertThat(plot.exitCode()).as(plot.err()).isZero();
    }
}
