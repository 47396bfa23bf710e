package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.samples.SampleMain;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code record --sites} then {@code sites --json} on the bundled fib at a small size, in abstract
 * units (exact), on every JDK: a complete recording whose call-site totals add up, with the fork and
 * the call of {@code FibTask.compute} among its sites and the summary naming the span's holders.
 */
class SitesIT {
    static java.util.List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void recordWithSitesThenSitesJson(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("fib.fsk");
        CliRunner.Result rec = CliRunner.run("record", "--sites", "--unit", "abstract", "--burden-ns", "0",
                "-o", out.toString(), "--", java, "-cp", CliIT.cp(), SampleMain.class.getName(),
                "fib", "--n", "18", "--cutoff", "8", "--workers", "2");
        assertThat(rec.exitCode()).as(rec.err()).isZero();

        CliRunner.Result sites = CliRunner.run("sites", out.toString(), "--json");
        assertThat(sites.exitCode()).as(sites.err()).isZero();
        assertThat(sites.err()).isEmpty();
        JsonNode j = new ObjectMapper().readTree(sites.out());
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("warnings")).isEmpty();
        assertThat(j.get("unit").asText()).isEqualTo("abstract");
        assertThat(j.get("work_ns").asLong()).isPositive();
        assertThat(j.at("/totals/work/ok").asBoolean()).as(sites.out()).isTrue();
        assertThat(j.at("/totals/span/ok").asBoolean()).as(sites.out()).isTrue();
        assertThat(j.get("foreign_joins").asLong()).isZero();
        boolean fork = false;
        boolean call = false;
        for (JsonNode s : j.get("sites")) {
            if (s.get("class").asText().endsWith("Fib$FibTask") && s.get("method").asText().equals("compute")) {
                fork |= s.get("kind").asText().equals("fork") && s.at("/on_work/local/count").asLong() > 0;
                call |= s.get("kind").asText().equals("call") && s.at("/on_work/local/count").asLong() > 0;
            }
        }
        assertThat(fork).as("the fork of fib(k-1) in FibTask.compute: " + sites.out()).isTrue();
        assertThat(call).as("the call of fib(k-2) in FibTask.compute: " + sites.out()).isTrue();

        CliRunner.Result text = CliRunner.run("sites", out.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("Fib.java:").doesNotContain("MISMATCH");
        CliRunner.Result summary = CliRunner.run("summary", out.toString());
        assertThat(summary.out()).contains("- the span is ");
    }
}
