package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.BenchPrograms;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench --bounds on a program without regions: each run is timed from the agent's start to the
 * JVM's exit, set-up included, which the recording's bounds do not describe, so no point is judged
 * (whatever the times, which this test does not look at) and nothing is blamed on memory.
 */
class BenchWholeProcessIT {
    @Test
    void aProgramWithoutRegionsGetsNoVerdictAgainstTheBounds(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("halves.fsk");
        CliRunner.Result r = CliRunner.run("record", "-o", rec.toString(), "--", CliIT.java(), "-cp", CliIT.cp(),
                BenchPrograms.class.getName(), "halves", "30");
        assertThat(r.exitCode()).as(r.err()).isZero();
        CliRunner.Result bench = CliRunner.run("bench", "-p", "1,2", "--trials", "1", "--bounds", rec.toString(),
                "-o", dir.resolve("halves.csv").toString(), "--", CliIT.java(), "-cp", CliIT.cp(),
                BenchPrograms.class.getName(), "halves", "30");
        assertThat(bench.exitCode()).as(bench.err()).isZero();
        assertThat(bench.err()).contains("the program closed no region, so its whole run is timed");
        assertThat(bench.out()).contains("Whole run: bounds from " + rec,
                "the program closed no region, so each run was timed whole", "the points at P = 2 are not judged",
                "Inside the predicted range: 0 of 0 judged points", "Not comparable with the bounds: 1 point(s)")
                .doesNotContain("BELOW", "ABOVE", "memory bandwidth");
        assertThat(bench.out().lines().filter(l -> l.trim().startsWith("1 "))).singleElement().asString()
                .endsWith("baseline");
        assertThat(bench.out().lines().filter(l -> l.trim().startsWith("2 "))).singleElement().asString()
                .endsWith("n/a (whole process timed)");
    }
}
