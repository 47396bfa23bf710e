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
 * units, on every JDK: the whole call-site profile is known exactly ({@link FibProfile}, a model of
 * fib's invocation tree) and asserted row by row, on work and on span, for every site.
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
        assertThat(j.get("foreign_joins").asLong()).isZero();
        FibProfile want = new FibProfile(18, 8);
        assertThat(j.get("work_ns").asLong()).as("T1").isEqualTo(want.work(18));
        assertThat(j.get("span_ns").asLong()).as("T∞").isEqualTo(want.span(18));
        assertThat(j.at("/totals/work/ok").asBoolean()).as(sites.out()).isTrue();
        assertThat(j.at("/totals/span/ok").asBoolean()).as(sites.out()).isTrue();
        int fibRows = 0;
        int chain = 0;
        int recBci = Integer.MAX_VALUE;
        for (JsonNode s : j.get("sites")) {
            if (s.get("method").asText().equals("serialFib") && s.get("callee").asText().equals("Fib.serialFib")) {
                recBci = Math.min(recBci, s.get("bci").asInt());
            }
        }
        for (JsonNode s : j.get("sites")) {
            String where = s.get("site").asText() + " -> " + s.get("callee").asText();
            FibProfile.Site site = FibProfile.Site.of(s.get("class").asText(), s.get("method").asText(),
                    s.get("kind").asText(), s.get("callee").asText(), s.get("bci").asInt() == recBci);
            if (site != null && (site != FibProfile.Site.CALL || s.at("/on_work/local/count").asLong() > 0)) {
                fibRows++;
                assertThat(rows(s.get("on_work"))).as("on work, " + where).isEqualTo(want.rows(site, false));
                assertThat(rows(s.get("on_span"))).as("on span, " + where).isEqualTo(want.rows(site, true));
            } else if (s.at("/on_work/top_call_site/work_ns").asLong() > 0) {
                // the calls from main down to pool.invoke: one invocation holding the whole run, nothing local
                chain++;
                long[][] whole = {{1, want.work(18), want.span(18)}, {1, want.work(18), want.span(18)}, {1, 0, 0}};
                assertThat(rows(s.get("on_work"))).as("on work, " + where).isEqualTo(whole);
                assertThat(rows(s.get("on_span"))).as("on span, " + where).isEqualTo(whole);
            } else {
                // everything else (the harness; FibTask.compute's serial-mode calls) holds no work
                assertThat(s.at("/on_work/top_call_site/span_ns").asLong()).as(where).isZero();
                assertThat(s.at("/on_work/local/work_ns").asLong()).as(where).isZero();
                assertThat(s.at("/on_span/local/work_ns").asLong()).as(where).isZero();
            }
        }
        assertThat(fibRows).as("rows of FibTask's fork and call, serialFib, callCount: " + sites.out())
                .isEqualTo(FibProfile.Site.values().length);
        assertThat(chain).as("main ... pool.invoke").isPositive();

        CliRunner.Result text = CliRunner.run("sites", out.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("Fib.java:").doesNotContain("MISMATCH");
        CliRunner.Result summary = CliRunner.run("summary", out.toString());
        assertThat(summary.out()).contains("- the span is ");
    }

    /** A measurement object's rows {top-call-site, top-caller, local} × {count, work, span}. */
    private static long[][] rows(JsonNode on) {
        long[][] r = new long[3][];
        String[] names = {"top_call_site", "top_caller", "local"};
        for (int i = 0; i < 3; i++) {
            JsonNode m = on.get(names[i]);
            r[i] = new long[] {m.get("count").asLong(), m.get("work_ns").asLong(), m.get("span_ns").asLong()};
        }
        return r;
    }
}
