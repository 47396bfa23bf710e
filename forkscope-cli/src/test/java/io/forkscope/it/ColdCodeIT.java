package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ColdCodePrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JIT compilers' time is recorded per region and for the whole run, on every JDK: each region's
 * lies between the JVM's counter read just inside it and just outside it by the program, the whole
 * run's holds every region's, and summary shows the compilation time.
 * (Whether a share is large enough to be called cold is tested on hand-made numbers, ColdCodeTest:
 * how long compiling takes depends on the machine and its load.)
 */
class ColdCodeIT {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.forkscope.it.Jdks#javas")
    void theFirstRunCompilesMoreThanALaterOne(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("cold.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out, List.of(), ColdCodePrograms.class), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Recording rec = RecordingReader.read(out);
        long cold = region(rec, "cold").compileNs();
        long warm = region(rec, "warm").compileNs();
        String what = java + ": cold " + cold + " ns, warm " + warm + " ns";
        // the JIT's own counter, read by the program just inside and just outside each region, brackets
        // what the agent recorded (ms resolution); how much the JIT compiles in either region is the
        // JVM's affair (cold 2 ms, warm 2 ms on JDK 25 in one idle CI run), not forkscope's
        for (String label : new String[] {"cold", "warm"}) {
            long recorded = label.equals("cold") ? cold : warm;
            String line = r.stdout().lines().filter(l -> l.startsWith("jit " + label + " ")).findFirst().orElseThrow();
            String[] f = line.split(" ");
            assertThat(recorded).as(what + "; " + line).isBetween(Long.parseLong(f[3]) * 1_000_000L,
                    Long.parseLong(f[5]) * 1_000_000L);
        }
        assertThat(rec.wholeRun().compileNs()).as(what).isPositive();
        assertThat(rec.wholeRun().compileNs()).as(what).isGreaterThanOrEqualTo(cold);
        assertThat(rec.wholeRun().compileWindowNs()).isGreaterThanOrEqualTo(rec.wholeRun().measures().elapsedNs());

        CliRunner.Result summary = CliRunner.run("summary", out.toString());
        assertThat(summary.out()).contains("JIT compiling:");
        CliRunner.Result json = CliRunner.run("summary", out.toString(), "--json");
        JsonNode regions = new ObjectMapper().readTree(json.out()).get("regions");
        assertThat(regions.get(0).get("label").asText()).isEqualTo("cold");
        assertThat(regions.get(0).get("jit_compile_ns").asLong()).isEqualTo(cold);
    }

    private static RegionRecord region(Recording rec, String label) {
        return rec.regions().stream().filter(x -> x.label().equals(label)).findFirst().orElseThrow();
    }
}
