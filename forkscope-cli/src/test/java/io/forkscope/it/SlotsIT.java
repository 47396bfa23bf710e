package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import forkscopeit.slots.CompensatingJoins;
import io.forkscope.cli.CliRunner;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * One P everywhere (measures.md §2, worker slots), end to end on every JDK: {@link CompensatingJoins}
 * runs a pool of 2 whose blocked joins make ForkJoinPool add a compensation thread, then a serial
 * phase, three times. Asserted by the program's structure, never by a time: {@code summary},
 * {@code delays} and {@code contexts} all say P = 2 and print the slots the same way, with the
 * threads the program itself saw run its tasks; delays' work + not running + forkscope + delay + no-work add up to the slot
 * time 2 × elapsed, and the per-worker table (every thread) reconciles with it; the serial phase's
 * idleness is one slot for its length, i.e. its work (±30%, as ContextsIT), not two (the idle
 * compensation thread counted as a worker, as before).
 */
class SlotsIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aCompensationThreadTakesASlotAndTheSerialPhaseIdlesOne(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("slots.fsk");
        ChildJvm.Result run = ChildJvm.run(ChildJvm.command(java,
                "out=" + out + ",force,mode=dag,sites=true,sample=true,sample.period.ms=5",
                List.of("-XX:FlightRecorderOptions:stackdepth=2048"), CompensatingJoins.class, "3", "200"), dir);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        String said = run.stdout().lines().filter(l -> l.startsWith("threads=")).findFirst().orElseThrow();
        int threads = Integer.parseInt(said.substring("threads=".length()).replace("!", ""));
        assertThat(threads).as("the program's own count of the threads that ran its tasks").isGreaterThanOrEqualTo(2);
        String threadsText = threads + " threads ran tasks"
                + (threads > 2 ? " (" + (threads - 2) + " compensation or replacement thread" : "");

        ObjectMapper json = new ObjectMapper();
        CliRunner.Result summary = CliRunner.run("summary", out.toString(), "--json");
        assertThat(summary.exitCode()).as(summary.err()).isZero();
        JsonNode s = json.readTree(summary.out());
        assertThat(s.get("workers").asInt()).as(summary.out()).isEqualTo(2);
        assertThat(s.get("threads").asInt()).as(summary.out()).isEqualTo(threads);
        assertThat(s.get("workers_text").asText()).startsWith("2 slots; " + threadsText);
        CliRunner.Result summaryText = CliRunner.run("summary", out.toString());
        assertThat(summaryText.out()).contains("workers (P): 2 slots; " + threadsText);

        CliRunner.Result delays = CliRunner.run("delays", out.toString(), "--json");
        assertThat(delays.exitCode()).as(delays.err()).isZero();
        JsonNode d = json.readTree(delays.out());
        JsonNode stats = d.has("stats") ? d.get("stats") : d;
        assertThat(stats.get("workers").asInt()).as(delays.out()).isEqualTo(2);
        assertThat(stats.get("workers_text").asText()).startsWith("2 slots; " + threadsText);
        long elapsed = stats.get("elapsed_ns").asLong();
        double slotTime = stats.get("slot_time_ns").asDouble();
        assertThat(slotTime).isEqualTo(2.0 * elapsed);
        JsonNode b = stats.get("breakdown");
        assertThat(b.get("work_ns").asDouble() + b.get("not_running_ns").asDouble() + b.get("forkscope_ns").asDouble()
                + b.get("delay_ns").asDouble() + b.get("no_work_ns").asDouble())
                .isCloseTo(slotTime, within(1e-6 * slotTime));
        CliRunner.Result delaysText = CliRunner.run("delays", out.toString());
        assertThat(delaysText.out()).contains("workers (P): 2 slots; " + threadsText,
                "check: work + not running + forkscope + delay + no-work = P \u00d7 elapsed",
                "onto the slots: the threads' busy");

        CliRunner.Result contexts = CliRunner.run("contexts", out.toString(), "--json");
        assertThat(contexts.exitCode()).as(contexts.err()).isZero();
        JsonNode c = json.readTree(contexts.out());
        assertThat(c.get("idleness").asText()).isEqualTo("exact");
        assertThat(c.get("workers").asInt()).as("P of contexts").isEqualTo(2);
        assertThat(c.get("workers_text").asText()).startsWith("2 slots; " + threadsText);
        double serialWork = flat(c, "serial", "work_ns");
        double serialIdle = flat(c, "serial", "idleness_ns");
        assertThat(serialWork).as(contexts.out()).isPositive();
        assertThat(serialIdle / serialWork).as("idleness : work of the serial phase (one idle slot)\n" + contexts.out())
                .isBetween(0.7, 1.3);
        CliRunner.Result contextsText = CliRunner.run("contexts", out.toString());
        assertThat(contextsText.out()).contains("workers (P): 2 slots; " + threadsText);
    }

    static double flat(JsonNode j, String method, String metric) {
        double sum = 0;
        for (JsonNode f : j.get("flat")) {
            if (f.get("class").asText().equals(CompensatingJoins.class.getName()) && f.get("method").asText().equals(method)) {
                sum += f.at("/inclusive/" + metric).asDouble();
            }
        }
        return sum;
    }
}
