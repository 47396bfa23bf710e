package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import forkscopeit.contexts.ContextPrograms;
import forkscopeit.contexts.GrainPrograms;
import forkscopeit.contexts.SubmittedFromOutside;
import forkscopeit.contexts.ThreeForksDeep;
import forkscopeit.contexts.TwoPhases;
import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExitPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code record --sample} then {@code contexts} end to end, on every JDK, with estimated idleness
 * (mode cilkview) and exact idleness (mode dag), on {@link ContextPrograms}, whose answer is known
 * by construction: sibling contexts {@code one} and {@code three} spin 1 : 3 (wall clock) side by
 * side, so their work is 1 : 3 (±10%, exact idleness); {@code serial} runs while the other of P = 2
 * workers idles, so its idleness is (P − 1) × its length = its work (±30%), and it carries the most
 * idleness. No assertion on a time, only on such ratios. And sampling keeps the agent's safety: same
 * output and exit code however the program ends, samples written at the end.
 *
 * <p>What the samples can prove depends on how many JFR's sampler delivers, and on a loaded 2-core
 * machine it skips periods in bursts (measured: 27-130 samples/s per worker at a 5 ms period under
 * a load average of 7-8). The work ratio is asserted with exact idleness (busy intervals carry the
 * amounts, samples only say which context) when every worker got at least
 * {@value #MIN_RATE} samples/s, and is inconclusive (aborted, not failed) below that. With estimated
 * idleness, work is sample counts × period, which that sampler biases toward threads that were on a
 * CPU: there the test asserts only the serial phase's idleness (by construction of the estimate) and
 * that three has more work than one.
 */
class ContextsIT {
    /**
     * The sampler of the three tests whose bounds were measured with JFR's (siblings, two phases, grain):
     * with async-profiler, the default since issue 20, they moved on this 2-core VM at a load average of
     * ~20 (estimated idleness of the serial phase below sibling three's; phase B : A 2.4-2.6 instead of
     * 1.7-2.3; the coarse grain's overhead share up, as the recorder's own clock reads, which JFR could
     * not walk, are now sampled). Their bounds are to be measured again with async-profiler; until
     * then they keep testing the analysis on the sampler they were derived with.
     */
    static final String[] JFR_ERA = {"--sampler", "jfr"};

    /** Samples per second per worker below which the sampler was starved and the work ratio proves nothing. */
    static final double MIN_RATE = 30;

    static List<Arguments> runs() {
        return Jdks.javas().stream().flatMap(j -> java.util.stream.Stream.of(Arguments.of(j, "cilkview"),
                Arguments.of(j, "dag"))).toList();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runs")
    void siblingsOneToThreeAndTheSerialPhaseCarriesTheIdleness(String java, String mode, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("contexts.fsk");
        // JFR: see JFR_ERA below
        CliRunner.Result rec = CliRunner.run("record", "--sample", JFR_ERA[0], JFR_ERA[1], "--sample-period-ms", "5", "--mode", mode,
                "-o", out.toString(), "--", java, "-cp", CliIT.cp(), ContextPrograms.class.getName(), "500");
        assertThat(rec.exitCode()).as(rec.err()).isZero();

        CliRunner.Result json = CliRunner.run("contexts", out.toString(), "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(json.err()).isEmpty();
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("idleness").asText()).isEqualTo(mode.equals("dag") ? "exact" : "estimated");
        assertThat(j.get("workers").asInt()).isEqualTo(2);
        assertThat(j.at("/samples/truncated").asLong()).isZero();
        String what = json.out();
        double one = flat(j, "one", "work_ns");
        double three = flat(j, "three", "work_ns");
        double serialWork = flat(j, "serial", "work_ns");
        double serialIdle = flat(j, "serial", "idleness_ns");
        assertThat(one).as(what).isPositive();
        assertThat(three).as(what).isGreaterThan(one);
        assertThat(serialIdle / serialWork).as("idleness : work of the serial phase\n" + what).isBetween(0.7, 1.3);
        assertThat(serialIdle).as(what).isGreaterThan(flat(j, "three", "idleness_ns")).isGreaterThan(flat(j, "one", "idleness_ns"));
        // the views; then the work ratio, the one check that depends on the sampler's rate
        CliRunner.Result text = CliRunner.run("contexts", out.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("ForkJoinPool-1-worker-", "/s", "ContextPrograms.serial",
                "refine the grain");
        CliRunner.Result collapsed = CliRunner.run("contexts", out.toString(), "--collapsed", "--metric", "idleness");
        assertThat(collapsed.exitCode()).as(collapsed.err()).isZero();
        assertThat(collapsed.out().lines()).anyMatch(l -> l.contains("ContextPrograms.serial"));
        if (mode.equals("dag")) {
            double slowest = Double.MAX_VALUE;
            for (JsonNode t : j.at("/samples/threads")) {
                if (t.get("name").asText().startsWith("ForkJoinPool-1-worker-")) {
                    slowest = Math.min(slowest, t.get("per_second").asDouble());
                }
            }
            org.junit.jupiter.api.Assumptions.assumeTrue(slowest >= MIN_RATE, "the sampler was starved (a worker got "
                    + slowest + " samples/s): the work ratio is inconclusive");
            assertThat(three / one).as("work three : one\n" + what).isBetween(2.7, 3.3);
        }
    }

    /**
     * Issue 12's proof of logical contexts: the stack of a leaf three forks deep holds the three fork
     * sites in order. {@code --sites --mode dag --no-collapse}: each task's first DAG node carries its
     * fork site, so the spinning leaf's samples hang below Outer, Middle and Inner's compute (the
     * methods that forked), then the leaf's own frames. With collapsing (the default) one worker's
     * nested chain is one DAG node, and the samples are cut at its task's doExec, so the nested tasks'
     * methods give the same chain.
     */
    static List<Arguments> javasAndCollapse() {
        return Jdks.javas().stream().flatMap(j -> java.util.stream.Stream.of(Arguments.of(j, "--no-collapse"),
                Arguments.of(j, "--collapse"))).toList();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("javasAndCollapse")
    void aLeafThreeForksDeepHasTheThreeForkSitesInOrder(String java, String collapse, @TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("deep.fsk");
        List<String> args = new java.util.ArrayList<>(List.of("record", "--sample", "--sample-period-ms", "5", "--mode",
                "dag", "--sites", "-o", out.toString()));
        if (collapse.equals("--no-collapse")) {
            args.add("--no-collapse");       // else the default: one worker's nested chain is one collapsed node
        }
        args.addAll(List.of("--", java, "-cp", CliIT.cp(), ThreeForksDeep.class.getName(), "400"));
        CliRunner.Result rec = CliRunner.run(args.toArray(String[]::new));
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result collapsed = CliRunner.run("contexts", out.toString(), "--collapsed");
        assertThat(collapsed.exitCode()).as(collapsed.err()).isZero();
        String deep = ThreeForksDeep.class.getName();
        String chain = deep + "$Outer.compute;" + deep + "$Middle.compute;" + deep + "$Inner.compute;"
                + deep + "$Leaf.compute;";
        long inLeaf = collapsed.out().lines().filter(l -> l.contains("ContextSpin.hot"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        long underChain = collapsed.out().lines().filter(l -> l.contains("ContextSpin.hot") && l.contains(chain))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(inLeaf).as(collapsed.out()).isPositive();
        assertThat(underChain).as("the leaf's work below the three fork sites\n" + collapsed.out()).isEqualTo(inLeaf);
        CliRunner.Result text = CliRunner.run("contexts", out.toString());
        assertThat(text.out()).contains("contexts: logical");
        CliRunner.Result json = CliRunner.run("contexts", out.toString(), "--json");
        assertThat(new ObjectMapper().readTree(json.out()).get("contexts").asText()).isEqualTo("logical");
    }

    /**
     * The command, {@code record --sample} and nothing else, gives logical contexts and exact
     * idleness (it records the DAG and the call sites); {@code --contexts physical} is the cheap one:
     * samples only, every task below the root, idleness estimated.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void sampleAloneGivesLogicalContextsAndPhysicalIsAsked(String java, @TempDir Path dir) throws Exception {
        String deep = ThreeForksDeep.class.getName();
        for (String contexts : List.of("default", "physical")) {
            Path out = dir.resolve(contexts + ".fsk");
            List<String> args = new java.util.ArrayList<>(List.of("record", "--sample", "--sample-period-ms", "5"));
            if (contexts.equals("physical")) {
                args.addAll(List.of("--contexts", "physical"));
            }
            args.addAll(List.of("-o", out.toString(), "--", java, "-cp", CliIT.cp(), deep, "300"));
            CliRunner.Result rec = CliRunner.run(args.toArray(String[]::new));
            assertThat(rec.exitCode()).as(rec.err()).isZero();
            Recording r = RecordingReader.read(out);
            CliRunner.Result json = CliRunner.run("contexts", out.toString(), "--json");
            assertThat(json.exitCode()).as(json.err()).isZero();
            JsonNode j = new ObjectMapper().readTree(json.out());
            boolean logical = contexts.equals("default");
            assertThat(r.recordedDag().isPresent()).as(contexts).isEqualTo(logical);
            assertThat(r.recordedSites().isPresent()).as(contexts).isEqualTo(logical);
            assertThat(j.get("contexts").asText()).as(json.out()).isEqualTo(logical ? "logical" : "physical");
            assertThat(j.get("idleness").asText()).isEqualTo(logical ? "exact" : "estimated");
            if (logical) {
                assertThat(j.get("nodes").findValuesAsText("method")).as(json.out()).contains("compute");
            }
        }
    }

    /**
     * Issue 12: a task submitted from outside the pools hangs below the submitting thread's stack at
     * submission. {@code main → run → submit → pool.invoke}: every sample of the spinning task (and of
     * the child it forks) lies below {@code main;run;submit}; {@code main → streams} (a parallel
     * stream's tasks, on the common pool): below {@code main;streams}.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void tasksSubmittedFromOutsideHangBelowTheSubmittersStack(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("outside.fsk");
        String cls = SubmittedFromOutside.class.getName();
        CliRunner.Result rec = CliRunner.run("record", "--sample", "--sample-period-ms", "5", "-o", out.toString(),
                "--", java, "-cp", CliIT.cp(), cls, "600");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result collapsed = CliRunner.run("contexts", out.toString(), "--collapsed");
        assertThat(collapsed.exitCode()).as(collapsed.err()).isZero();
        List<String> spins = collapsed.out().lines().filter(l -> l.contains("ContextSpin.hot")).toList();
        String submitted = cls + ".main;" + cls + ".run;" + cls + ".submit;";
        String streamed = cls + ".main;" + cls + ".streams;";
        assertThat(spins).as(collapsed.out()).anyMatch(l -> l.startsWith(submitted) && l.contains("$Spin.compute"));
        assertThat(spins).as(collapsed.out()).anyMatch(l -> l.startsWith(streamed));
        assertThat(spins).as(collapsed.out()).allMatch(l -> l.startsWith(submitted) || l.startsWith(streamed));
    }

    static List<String> javas() {
        return Jdks.javas();
    }

    /**
     * With {@code --sites --mode dag} a logical context's amounts come from the DAG, not from the
     * samples: two phases of 16 and 32 equal leaves, forked below {@code phaseA} and {@code phaseB},
     * keep their 1 : 2 (work + overhead, ±15%) even where the sampler seldom reaches the leaves: their
     * loop on System.nanoTime() alone, which JDK 17's execution sampler can rarely walk (1-3 samples
     * per worker in a run). Measured 1.83-1.99 in 7 runs on JDK 17 (phase A pays a few tens of ms more
     * than its 320, after the warm-up), 2.00-2.05 on JDK 25. Before the exact path cut busy time at
     * task contexts, the one sample of a busy interval took its time whatever task ran it: phase B
     * got 0 on JDK 17.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void phasesKeepTheirExactShareWhateverTheSamplerDelivers(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("phases.fsk");
        CliRunner.Result rec = CliRunner.run("record", "--sample", JFR_ERA[0], JFR_ERA[1], "--mode", "dag", "--sites",
                "-o", out.toString(), "--", java, "-cp", CliIT.cp(), TwoPhases.class.getName(), "20");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result json = CliRunner.run("contexts", out.toString(), "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(json.out());
        assertThat(j.get("contexts").asText()).isEqualTo("logical");
        double a = outermost(j, "phaseA");
        double b = outermost(j, "phaseB");
        assertThat(a).as(json.out()).isPositive();
        assertThat(b / a).as("work + overhead of phase B : phase A\n" + json.out()).isBetween(1.7, 2.3);
    }

    /**
     * Inclusive work + overhead of the outermost context nodes of TwoPhases.method (those with no
     * ancestor of that method): below the root, or below main's stack when its submissions are known.
     */
    private static double outermost(JsonNode j, String method) {
        java.util.Map<Integer, JsonNode> byId = new java.util.HashMap<>();
        for (JsonNode n : j.get("nodes")) {
            byId.put(n.get("id").asInt(), n);
        }
        double sum = 0;
        for (JsonNode n : j.get("nodes")) {
            if (isPhase(n, method)) {
                boolean outermost = true;
                for (JsonNode a = byId.get(n.get("parent").asInt()); a != null; a = byId.get(a.get("parent").asInt())) {
                    outermost &= !isPhase(a, method);
                }
                if (outermost) {
                    sum += n.at("/inclusive/work_ns").asDouble() + n.at("/inclusive/overhead_ns").asDouble();
                }
            }
        }
        return sum;
    }

    private static boolean isPhase(JsonNode n, String method) {
        return n.has("class") && n.get("class").asText().equals(TwoPhases.class.getName())
                && n.get("method").asText().equals(method);
    }

    /**
     * Issue 12's proof that overhead follows the grain: one fork tree, a task per call of fib, against
     * the same tree computed serially below n = 25, recorded with {@code --contexts physical} (no call
     * sites, the least perturbation). Overhead here is the pool's code and forkscope's own (its hooks
     * cost a few hundred ns per task, more than the pool's push and pop): a fine run spends most of its
     * effort there (measured 0.91 of work + overhead, nearly all of it forkscope's), a coarse one little
     * (0.17 with forkscope's, 0.05 without). Bounds: fine above 40% and at least 3 times coarse; coarse
     * without forkscope's own code below 15%. The fine run's advice includes coarsening the grain of the
     * program's own Fib.compute, and the header says how much was forkscope's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void overheadIsLargeForAFineGrainAndSmallForACoarseOne(String java, @TempDir Path dir) throws Exception {
        double[] fine = overheadShares(java, dir, "fine", "31");
        double[] coarse = overheadShares(java, dir, "coarse", "41");
        assertThat(fine[0]).as("overhead share, fine grain").isGreaterThan(0.40).isGreaterThanOrEqualTo(3 * coarse[0]);
        assertThat(coarse[1]).as("overhead share without forkscope's own code, coarse grain").isLessThan(0.15);
        CliRunner.Result text = CliRunner.run("contexts", dir.resolve("fine.fsk").toString());
        assertThat(text.out()).contains("forkscope's own code: ");
        assertThat(text.out().lines().dropWhile(l -> !l.startsWith("where the cores wait")))
                .as(text.out()).anyMatch(l -> l.contains(GrainPrograms.class.getName() + "$Fib.compute")
                        && l.contains("coarsen the grain"));
    }

    /** @return overhead / (work + overhead), with and without forkscope's own code */
    private static double[] overheadShares(String java, Path dir, String grain, String n) throws Exception {
        Path out = dir.resolve(grain + ".fsk");
        CliRunner.Result rec = CliRunner.run("record", "--sample", JFR_ERA[0], JFR_ERA[1], "--contexts", "physical",
                "--sample-period-ms", "5",
                "-o", out.toString(), "--", java, "-cp", CliIT.cp(), GrainPrograms.class.getName(), grain, n);
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result json = CliRunner.run("contexts", out.toString(), "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(json.out());
        JsonNode totals = j.get("totals");
        double work = totals.get("work_ns").asDouble();
        double overhead = totals.get("overhead_ns").asDouble();
        double own = Math.min(overhead, j.get("forkscope_own_ns").asDouble());
        assertThat(work + overhead).as(grain + ": no samples in tasks\n" + json.out()).isPositive();
        return new double[] {overhead / (work + overhead), (overhead - own) / Math.max(1, work + overhead - own)};
    }

    /** Inclusive value of a method of ContextPrograms in the flat view. */
    static double flat(JsonNode j, String method, String metric) {
        for (JsonNode f : j.get("flat")) {
            if (f.get("class").asText().equals(ContextPrograms.class.getName()) && f.get("method").asText().equals(method)) {
                return f.at("/inclusive/" + metric).asDouble();
            }
        }
        return 0;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"normal, 0", "exit, 3", "throw, 1"})
    void samplingKeepsOutputAndExitCodeAndWritesTheSamples(String how, int expectedExit, @TempDir Path dir) throws Exception {
        for (String java : Jdks.javas()) {
            Path out = dir.resolve(how + ".fsk");
            ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), ExitPrograms.class, how), dir);
            ChildJvm.Result sampled = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",force,sample=true",
                    List.of("-XX:FlightRecorderOptions:stackdepth=2048"), ExitPrograms.class, how), dir);
            assertThat(sampled.exitCode()).as(java).isEqualTo(expectedExit);
            assertThat(sampled.stdout()).as(java).isEqualTo(plain.stdout());
            if (!how.equals("throw")) {
                assertThat(sampled.programStderr()).as(java).isEqualTo(plain.programStderr());
            }
            Recording rec = RecordingReader.read(out);
            assertThat(rec.complete()).as(java + " " + rec.warnings()).isTrue();
            assertThat(rec.recordedSamples()).as(java + " " + rec.warnings()).isPresent();
            assertThat(rec.info().asMap()).containsEntry("sample", "true").containsEntry("sample.period.ms", "10");
        }
    }

    @Test
    void sigtermStillWritesTheSamples(@TempDir Path dir) throws Exception {
        for (String java : Jdks.javas()) {
            Path out = dir.resolve("term.fsk");
            List<String> cmd = ChildJvm.command(java, "out=" + out + ",force,sample=true", List.of(), ExitPrograms.class, "wait");
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = lines.readLine()) != null && !line.equals("ready"); ) {
                // until the first computation is done
            }
            Thread.sleep(300);
            p.destroy();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            Recording rec = RecordingReader.read(out);
            assertThat(rec.complete()).as(java + " " + rec.warnings()).isTrue();
            assertThat(rec.recordedSamples()).as(java).isPresent();
            CliRunner.Result r = CliRunner.run("contexts", out.toString(), "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
        }
    }
}
