package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.samples.SampleMain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code record --unit bytecodes} end to end, on every JDK (issue 25): the bundled programs, recorded
 * as they are (no annotation, no warm-up), give the same work, span and per-site table on every run and
 * on 1 and 2 workers (a stolen task counts the same instructions wherever it runs), and Cilkprof's
 * and Cilkview's reference numbers exactly where time only came near them: fib's two recursive call
 * sites in the golden ratio within 2%, Snippet B's parallelism 2.00 within 1%.
 */
class CountedWorkIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void fibAndNqueensCountTheSameWorkAndSpanOnEveryRunAndWorkerCount(String java, @TempDir Path dir) throws Exception {
        for (String[] program : List.of(new String[] {"fib", "--n", "24", "--cutoff", "10"},
                new String[] {"nqueens", "--n", "8", "--cutoff", "3"})) {
            String name = program[0];
            Counted first = record(java, dir, name + "-1a", 1, program);
            Counted again = record(java, dir, name + "-1b", 1, program);
            Counted two = record(java, dir, name + "-2a", 2, program);
            Counted twoAgain = record(java, dir, name + "-2b", 2, program);
            assertThat(first.work()).as(name).isGreaterThan(10_000);
            assertThat(first.span()).as(name).isLessThan(first.work());
            assertThat(again).as(name + ", 1 worker, again").isEqualTo(first);
            assertThat(two).as(name + ", 2 workers").isEqualTo(first);
            assertThat(twoAgain).as(name + ", 2 workers, again").isEqualTo(first);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void fibsRecursiveCallSitesAreInTheGoldenRatioOnOneAndTwoWorkers(String java, @TempDir Path dir) throws Exception {
        Map<String, String> table = null;
        for (int workers : new int[] {1, 2}) {
            JsonNode j = PaperResultsIT.kernelIn(java, dir.resolve("w" + workers), "fib", List.of("--unit", "bytecodes"),
                    "--n", "22", "--cutoff", "8", "--workers", Integer.toString(workers));
            Predicate<JsonNode> inCompute = s -> s.get("class").asText().endsWith("Fib$FibTask")
                    && s.get("method").asText().equals("compute");
            JsonNode fork = PaperResultsIT.site(j, inCompute.and(s -> s.get("kind").asText().equals("fork")));
            JsonNode call = PaperResultsIT.site(j, inCompute.and(s -> s.get("kind").asText().equals("call")
                    && s.get("callee").asText().endsWith("FibTask.compute")));
            long forkWork = fork.at("/on_work/top_caller/work_ns").asLong();
            long callWork = call.at("/on_work/top_caller/work_ns").asLong();
            assertThat((double) forkWork / callWork).as(forkWork + " / " + callWork).isCloseTo(PaperResultsIT.PHI, within(0.02 * PaperResultsIT.PHI));
            Map<String, String> rows = invokedRows(j);
            if (table == null) {
                table = rows;
            } else {
                assertThat(rows).as("the per-site table on 2 workers").isEqualTo(table);
            }
        }
    }

    /**
     * A worker factory of the program's own is no strand's code wherever the pool calls it: in a fork's
     * push (where, without a DAG and count.jdk, the strand after the fork is already open: the agent takes
     * the factory's instructions back out, SpanEngine.pushCodeBegins), in a submission, in a join. So the
     * counted work and span do not move with what the factory executes. (Without the agent's taking back,
     * this program's work grew by 900,000 with the loop, and by 57 without it: the worker's constructor.)
     * With count.jdk a fork keeps its hook at its return, as before.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aWorkerFactorysCodeCountsInNoStrand(String java, @TempDir Path dir) throws Exception {
        long[] idle = wholeRun(java, dir, "factory-0", List.of(), "0");
        long[] busy = wholeRun(java, dir, "factory-1", List.of(), "20000");
        assertThat(idle[0]).as("work").isGreaterThan(10_000);
        assertThat(busy).as("work, span and spawns").containsExactly(idle);
    }

    /** Records {@code CountedFactoryProgram trips} in bytecodes on {@code java}: the whole run's work, span, spawns. */
    private static long[] wholeRun(String java, Path dir, String file, List<String> options, String trips)
            throws Exception {
        Path out = dir.resolve(file + ".fsk");
        List<String> cmd = new ArrayList<>(List.of("record", "--unit", "bytecodes"));
        cmd.addAll(options);
        cmd.addAll(List.of("-o", out.toString(), "--", java, "-cp", CliIT.cp(),
                forkscopeit.counted.CountedFactoryProgram.class.getName(), trips));
        CliRunner.Result rec = CliRunner.run(cmd.toArray(String[]::new));
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result summary = CliRunner.run("summary", out.toString(), "--json");
        assertThat(summary.exitCode()).as(summary.err()).isZero();
        JsonNode s = new ObjectMapper().readTree(summary.out());
        return new long[] {s.get("work_ns").asLong(), s.get("span_ns").asLong(), s.get("spawns").asLong()};
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void snippetBsParallelismIsTwo(String java, @TempDir Path dir) throws Exception {
        Counted c = record(java, dir, "snippet-b", 2, new String[] {"snippet-b", "--n", "20000"});
        assertThat((double) c.work() / c.span()).as(c.toString()).isCloseTo(2.0, within(0.02));
    }

    /** A region's counted work and span. */
    record Counted(long work, long span, long burdenedSpan, long spawns, long syncs) {}

    /** Records {@code program} in bytecodes on {@code workers} and returns its kernel region's numbers. */
    static Counted record(String java, Path dir, String file, int workers, String[] program) throws Exception {
        Path out = dir.resolve(file + ".fsk");
        List<String> cmd = new ArrayList<>(List.of("record", "--unit", "bytecodes", "-o", out.toString(), "--", java,
                "-cp", CliIT.cp(), SampleMain.class.getName()));
        cmd.addAll(List.of(program));
        cmd.addAll(List.of("--workers", Integer.toString(workers)));
        CliRunner.Result rec = CliRunner.run(cmd.toArray(String[]::new));
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result summary = CliRunner.run("summary", out.toString(), "--json");
        assertThat(summary.exitCode()).as(summary.err()).isZero();
        JsonNode s = new ObjectMapper().readTree(summary.out());
        assertThat(s.at("/complete").asBoolean(true)).isTrue();
        for (JsonNode r : s.get("regions")) {
            if (r.get("label").asText().equals(program[0])) {
                return new Counted(r.get("work_ns").asLong(), r.get("span_ns").asLong(),
                        r.get("burdened_span_ns").asLong(), r.get("spawns").asLong(), r.get("syncs").asLong());
            }
        }
        throw new AssertionError("no region " + program[0] + " in " + summary.out());
    }

    /** The invoked rows of a site table, keyed by class, method and bytecode index (ids follow weaving order). */
    static Map<String, String> invokedRows(JsonNode j) {
        Map<String, String> rows = new TreeMap<>();
        for (JsonNode s : j.get("sites")) {
            if (s.at("/on_work/local/count").asLong() > 0) {
                rows.put(s.get("class").asText() + "." + s.get("method").asText() + "@" + s.get("bci").asText(),
                        s.get("on_work").toString() + s.get("on_span").toString());
            }
        }
        return rows;
    }
}
