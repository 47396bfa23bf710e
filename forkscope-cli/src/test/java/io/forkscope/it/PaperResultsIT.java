package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cilkprof's reference results (Schardl et al., SPAA 2015) on the bundled Java ports, end to end:
 * {@code record --sites}, then {@code sites --region NAME --json} on the sample's kernel region
 * (each sample runs its kernel inside {@code Forkscope.region(name)}; its serial set-up and result
 * check lie outside), on every JDK.
 *
 * <ul>
 *   <li>quicksort (Fig. 2), abstract units (exact): {@code Quicksort.partition} holds almost all
 *       of the kernel's local span on span;
 *   <li>fib (Fig. 7), abstract units: the top-caller work of the fork of fib(k-1) over the
 *       top-caller work of the call of fib(k-2) is φ, within 2%;
 *   <li>matrix multiply (Fig. 10), measured time (the sample declares no abstract units): the base
 *       case's top-caller work is 0 exactly (no invocation of {@code base} is made from a method
 *       with no {@code compute} above it), while its local work is most of the kernel's work.
 * </ul>
 * Every profile's totals add up to the region's own T1 and T∞.
 */
class PaperResultsIT {
    static final double PHI = (1 + Math.sqrt(5)) / 2;

    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void quicksortsPartitionHoldsAlmostAllOfTheKernelsSpan(String java, @TempDir Path dir) throws Exception {
        JsonNode j = kernel(java, dir, "quicksort", true, "--n", "100000", "--workers", "2");
        JsonNode partition = site(j, s -> s.get("callee").asText().endsWith("Quicksort.partition"));
        double share = (double) partition.at("/on_span/local/span_ns").asLong() / j.get("span_ns").asLong();
        assertThat(share).as("partition's share of the kernel's span").isGreaterThan(0.9);
        assertThat(partition.get("span_percent").asDouble()).isGreaterThan(90);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void fibsTopCallerWorksAreInTheGoldenRatio(String java, @TempDir Path dir) throws Exception {
        JsonNode j = kernel(java, dir, "fib", true, "--n", "22", "--cutoff", "8", "--workers", "2");
        Predicate<JsonNode> inCompute = s -> s.get("class").asText().endsWith("Fib$FibTask")
                && s.get("method").asText().equals("compute");
        JsonNode fork = site(j, inCompute.and(s -> s.get("kind").asText().equals("fork")));
        JsonNode call = site(j, inCompute.and(s -> s.get("kind").asText().equals("call")
                && s.get("callee").asText().endsWith("FibTask.compute")));
        long forkWork = fork.at("/on_work/top_caller/work_ns").asLong();
        long callWork = call.at("/on_work/top_caller/work_ns").asLong();
        assertThat(fork.at("/on_work/top_caller/count").asLong()).isEqualTo(1);
        assertThat(call.at("/on_work/top_caller/count").asLong()).isEqualTo(1);
        assertThat((double) forkWork / callWork).as(forkWork + " / " + callWork).isCloseTo(PHI, within(0.02 * PHI));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void matmulsBaseCaseHasNoTopCallerWorkButMostOfTheLocalWork(String java, @TempDir Path dir) throws Exception {
        JsonNode j = kernel(java, dir, "matmul", false, "--n", "256", "--cutoff", "32", "--workers", "2");
        JsonNode base = site(j, s -> s.get("callee").asText().endsWith("MatMul.base"));
        assertThat(base.at("/on_work/local/count").asLong()).isEqualTo(512);      // (256/32)^3 blocks
        assertThat(base.at("/on_work/top_caller/count").asLong()).isZero();
        assertThat(base.at("/on_work/top_caller/work_ns").asLong()).isZero();
        double share = (double) base.at("/on_work/local/work_ns").asLong() / j.get("work_ns").asLong();
        assertThat(share).as("base's local work over the kernel's T1").isGreaterThan(0.5);
    }

    /** Records {@code sample} with call sites and returns {@code sites --region sample --json}, checked. */
    static JsonNode kernel(String java, Path dir, String sample, boolean abstractUnits, String... args) throws Exception {
        return kernelIn(java, dir, sample, abstractUnits ? List.of("--unit", "abstract", "--burden-ns", "0") : List.of(),
                args);
    }

    /** The same with {@code recordOptions} after {@code record --sites}, into {@code dir} (made if missing). */
    static JsonNode kernelIn(String java, Path dir, String sample, List<String> recordOptions, String... args)
            throws Exception {
        Files.createDirectories(dir);
        Path out = dir.resolve(sample + ".fsk");
        List<String> cmd = new ArrayList<>(List.of("record", "--sites"));
        cmd.addAll(recordOptions);
        cmd.addAll(List.of("-o", out.toString(), "--", java, "-cp", CliIT.cp(), SampleMain.class.getName(), sample));
        cmd.addAll(List.of(args));
        CliRunner.Result rec = CliRunner.run(cmd.toArray(String[]::new));
        assertThat(rec.exitCode()).as(rec.err()).isZero();

        CliRunner.Result text = CliRunner.run("sites", out.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        // the table's last line is the regions hint; notes (cold code, cut at 120 columns) may follow the table
        assertThat(text.out().lines().takeWhile(l -> !l.startsWith("note: ")).reduce((a, b) -> b).orElse(""))
                .isEqualTo(text.out().lines().filter(l -> l.startsWith("Region '" + sample + "'")).findFirst().orElse("-"));

        CliRunner.Result sites = CliRunner.run("sites", out.toString(), "--region", sample, "--json");
        assertThat(sites.exitCode()).as(sites.err()).isZero();
        assertThat(sites.err()).isEmpty();
        JsonNode j = new ObjectMapper().readTree(sites.out());
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("region").asText()).isEqualTo(sample);
        assertThat(j.at("/totals/work/ok").asBoolean()).as(sites.out()).isTrue();
        assertThat(j.at("/totals/span/ok").asBoolean()).as(sites.out()).isTrue();
        assertThat(j.get("foreign_joins").asLong()).isZero();

        // the region's own T1 and T∞ are the ones summary reports for it
        CliRunner.Result summary = CliRunner.run("summary", out.toString(), "--json");
        JsonNode s = new ObjectMapper().readTree(summary.out());
        boolean same = false;
        for (JsonNode r : s.get("regions")) {
            same |= r.get("label").asText().equals(sample) && r.get("work_ns").asLong() == j.get("work_ns").asLong()
                    && r.get("span_ns").asLong() == j.get("span_ns").asLong();
        }
        assertThat(same).as(summary.out()).isTrue();
        return j;
    }

    /** The one site {@code which} picks among those the region invoked (the samples' serial branches are sites too). */
    static JsonNode site(JsonNode j, Predicate<JsonNode> which) {
        List<JsonNode> found = new ArrayList<>();
        List<String> invoked = new ArrayList<>();
        for (JsonNode s : j.get("sites")) {
            if (s.at("/on_work/local/count").asLong() > 0) {
                invoked.add(s.get("site").asText() + " -> " + s.get("callee").asText());
                if (which.test(s)) {
                    found.add(s);
                }
            }
        }
        assertThat(found).as("invoked sites: " + invoked).hasSize(1);
        return found.get(0);
    }
}
