package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.report.delay.ChromeTrace;
import io.forkscope.report.delay.TraceSize;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code record --mode dag --sites} on the bundled fib, every JDK: the recorded nodes carry call
 * sites of the run's table, among them the fork of {@code fib(k-1)} (every forked task's first
 * node, nothing collapsed) and the call of {@code fib(k-2)} in {@code FibTask.compute} (a node that
 * starts inside that call: after a fork there); {@code export --chrome} names them in the args.
 */
class DagSitesIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void nodesCarryFibsForkAndCallSites(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("fib.fsk");
        CliRunner.Result rec = CliRunner.run("record", "--mode", "dag", "--no-collapse", "--sites",
                "-o", out.toString(), "--", java, "-cp", CliIT.cp(), SampleMain.class.getName(),
                "fib", "--n", "16", "--cutoff", "8", "--workers", "2");
        assertThat(rec.exitCode()).as(rec.err()).isZero();

        Recording r = RecordingReader.read(out);
        assertThat(r.complete()).isTrue();
        assertThat(r.warnings()).isEmpty();
        RecordedSites sites = r.recordedSites().orElseThrow();
        Dag dag = r.recordedDag().orElseThrow();
        List<CallSite> seen = new ArrayList<>();
        for (DagNode n : dag.nodes()) {
            assertThat(n.site()).as("node %s", n).isBetween(-1, sites.sites().size() - 1);
            if (n.site() >= 0) {
                seen.add(sites.site(n.site()));
            }
        }
        assertThat(seen).as("sites of the nodes")
                .anySatisfy(s -> assertInCompute(s, SiteKind.FORK))
                .anySatisfy(s -> assertInCompute(s, SiteKind.CALL));
        // every fork of fib(k-1) runs a task whose first node is in that fork's site: k = 10..16
        long forkNodes = seen.stream().filter(s -> isInCompute(s, SiteKind.FORK)).count();
        assertThat(forkNodes).isGreaterThanOrEqualTo(r.wholeRun().tasks() - 1);

        Path json = dir.resolve("fib.json");
        CliRunner.Result export = CliRunner.run("export", out.toString(), "--chrome", json.toString());
        assertThat(export.exitCode()).as(export.err()).isZero();
        JsonNode trace = new ObjectMapper().readTree(json.toFile());
        boolean fork = false;
        boolean call = false;
        int withSite = 0;
        for (JsonNode e : trace.get("traceEvents")) {
            JsonNode args = e.get("args");
            if (!e.get("ph").asText().equals("X") || args == null || !args.has("site")) {
                continue;
            }
            withSite++;
            assertThat(args.get("site_where").asText()).isEqualTo(sites.site(args.get("site").asInt()).where());
            if (args.get("site_where").asText().startsWith("Fib.java:")) {
                fork |= args.get("site_kind").asText().equals("fork")
                        && args.get("site_callee").asText().contains("fork");
                call |= args.get("site_kind").asText().equals("call")
                        && args.get("site_callee").asText().contains("compute");
            }
        }
        assertThat(withSite).isEqualTo(seen.size());
        assertThat(fork).as("a slice in fib's fork site").isTrue();
        assertThat(call).as("a slice in fib's call of compute").isTrue();
        // the size export estimated for it (TraceSize), of the trace it wrote: everything, as it fits 512M
        assertThat(export.err()).doesNotContain("left out");
        assertThat((double) TraceSize.estimate(dag, sites, ChromeTrace.Options.ALL) / Files.size(json))
                .as("the estimate over the trace's size").isBetween(0.8, 1.25);
        // and the file is what the Jackson writer it replaced wrote
        ChromeTraceAgreement.assertExportIsTheReference(out, dir.resolve("again.json"));
    }

    private static void assertInCompute(CallSite s, SiteKind kind) {
        assertThat(isInCompute(s, kind)).as("%s", s).isTrue();
    }

    private static boolean isInCompute(CallSite s, SiteKind kind) {
        return s.className().endsWith("Fib$FibTask") && s.methodName().equals("compute") && s.kind() == kind;
    }
}
