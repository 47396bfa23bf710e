package io.forkscope.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import parallelismcases.BytecodeCases;
import parallelismcases.ForkJoinFirstCases;
import parallelismcases.ParallelismCases;
import parallelismcases.SelfLoadCases;
import parallelismcases.TimeCases;

/**
 * The extension end to end (issue 25's proof): test classes with passing and failing
 * {@code @Parallelism} run through the JUnit Platform launcher in a fresh JVM, on every JDK the
 * machine has, with the agent given as surefire's argLine gives it, and without it (the extension
 * loads it where the JVM allows). The verdicts and the failure messages are checked to the number, in abstract units,
 * where every number is known (see {@link ParallelismCases}).
 */
class ParallelismEndToEndIT {
    static final String SERIAL_MESSAGE = """
            ParallelismCases.serialLoop: parallelism 1.00 is below 8 (@Parallelism, unit abstract)
              work 16,000  span 16,000  parallelism 1.00
              burdened span 16,000  burdened parallelism 1.00
              spawns 0  syncs 0  elapsed""";

    /** What lets the extension load the agent into the JVM it runs in. */
    static final String SELF = "-Djdk.attach.allowAttachSelf=true";
    static final String ARG_LINE = "Start the test JVM with the agent, e.g. surefire's"
            + " <argLine>-javaagent:${io.forkscope:forkscope-junit:jar}=unit=abstract</argLine> (the path from"
            + " maven-dependency-plugin's properties goal)";

    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void theAgentGivenAsArgLineMeasuresEachBodyAndExplainsTheFailures(String java, @TempDir Path dir) throws Exception {
        Run run = run(java, dir, List.of("-javaagent:" + agentJar() + "=unit=abstract,burden=100,sites=true,"
                + "sites.include=parallelismcases.**,out=" + dir.resolve("cases.fsk")), ParallelismCases.class);

        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("SUCCESSFUL");
        String serial = run.outcomes.get("serialLoop()");
        assertThat(serial).startsWith("FAILED org.opentest4j.AssertionFailedError: " + SERIAL_MESSAGE);
        // every leaf's 1,000 units are its own local span, and the 16 calls are the whole span
        assertThat(serial).containsPattern("\n  call sites on the span \\(share of the span, local span, invocations\\):\n"
                + "    100\\.0%  16,000  16×  ParallelismCases\\.java:\\d+  Units\\.leaf$");
        assertThat(run.outcomes.get("treeTooBurdened()")).startsWith("FAILED org.opentest4j.AssertionFailedError: "
                + "ParallelismCases.treeTooBurdened: burdened parallelism 10.67 is below 12 (@Parallelism, unit abstract)\n"
                + "  work 16,000  span 1,000  parallelism 16.00\n"
                + "  burdened span 1,500  burdened parallelism 10.67\n"
                + "  spawns 16  syncs 16  elapsed");
        assertThat(run.outcomes.get("asksForTime()")).isEqualTo("FAILED org.junit.jupiter.api.extension."
                + "ExtensionConfigurationException: @Parallelism asks for unit time, and the forkscope agent in this JVM"
                + " records in abstract (its -javaagent options); a JVM records in one unit: give these tests the same"
                + " unit, or run them in a JVM whose agent has unit=time");
        assertThat(run.outcomes).hasSize(4);
        assertThat(Files.size(dir.resolve("cases.fsk"))).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void inTimeUnitsVerdictsFarFromTheThresholdHoldOnAnyMachine(String java, @TempDir Path dir) throws Exception {
        // the argLine way with forkscope-junit's own jar as the agent (the README's snippet)
        Run run = run(java, dir, List.of("-javaagent:" + junitJar() + "=unit=time,out=" + dir.resolve("time.fsk")),
                TimeCases.class);

        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("SUCCESSFUL");
        assertThat(run.outcomes.get("serialLoop()")).startsWith("FAILED org.opentest4j.AssertionFailedError: "
                + "TimeCases.serialLoop: parallelism 1.00 is below 1.5 (@Parallelism, unit time)\n");
        assertThat(Files.size(dir.resolve("time.fsk"))).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void inCountedUnitsTheSameVerdicts(String java, @TempDir Path dir) throws Exception {
        // the annotation's default unit, bytecodes, with forkscope-junit's jar as the agent
        Run run = run(java, dir, List.of("-javaagent:" + junitJar() + "=unit=bytecodes,out=" + dir.resolve("bc.fsk")),
                BytecodeCases.class);

        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("SUCCESSFUL");
        assertThat(run.outcomes.get("serialLoop()")).startsWith("FAILED org.opentest4j.AssertionFailedError: "
                + "BytecodeCases.serialLoop: parallelism 1.00 is below 1.5 (@Parallelism, unit bytecodes)\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void withoutAnAgentTheExtensionLoadsItAtTheFirstTest(String java, @TempDir Path dir) throws Exception {
        Path recording = dir.resolve("self.fsk");
        Run run = run(java, dir, List.of(SELF, "-Dforkscope.agent.options=burden=100,out=" + recording),
                SelfLoadCases.class);

        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("SUCCESSFUL");
        assertThat(run.outcomes.get("serialLoop()")).startsWith("FAILED org.opentest4j.AssertionFailedError: "
                + SERIAL_MESSAGE.replace("ParallelismCases.", "SelfLoadCases."));
        assertThat(run.outcomes.get("serialLoop()")).contains("call sites on the span: not recorded");
        assertThat(Files.size(recording)).isPositive();
        // JEP 451: from JDK 21 on the JVM warns about an agent loaded at run time
        assertThat(run.stderr.contains("WARNING: A Java agent has been loaded dynamically"))
                .as(run.stderr).isEqualTo(featureVersion(java) >= 21);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void fromJdk21OnEnableDynamicAgentLoadingSilencesTheWarning(String java, @TempDir Path dir) throws Exception {
        if (featureVersion(java) < 21) {
            return;    // the flag does not exist before JDK 21
        }
        Run run = run(java, dir, List.of("-XX:+EnableDynamicAgentLoading", SELF,
                "-Dforkscope.agent.options=burden=100,out=" + dir.resolve("quiet.fsk")), SelfLoadCases.class);
        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("SUCCESSFUL");
        assertThat(run.stderr).doesNotContain("WARNING");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void forkJoinUsedBeforeTheFirstTestLeavesOnlyTheArgLine(String java, @TempDir Path dir) throws Exception {
        Run run = run(java, dir, List.of(SELF, "-Dforkscope.agent.options=out=" + dir.resolve("never.fsk")),
                ForkJoinFirstCases.class);

        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).startsWith("FAILED org.junit.jupiter.api.extension."
                + "ExtensionConfigurationException: @Parallelism could not load the forkscope agent into this JVM: the agent"
                + " not started: java.util.concurrent.")
                .contains(" is already loaded, and the recorder must weave it as it loads")
                .endsWith(ARG_LINE);
        assertThat(dir.resolve("never.fsk")).doesNotExist();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aJvmThatForbidsAttachingToItselfGetsTheArgLine(String java, @TempDir Path dir) throws Exception {
        Run run = run(java, dir, List.of(), SelfLoadCases.class);
        assertThat(run.outcomes.get("treeOfSixteen()")).as(run.stderr).isEqualTo("FAILED org.junit.jupiter.api.extension."
                + "ExtensionConfigurationException: no forkscope agent records this JVM, and the extension cannot load one:"
                + " the JVM was started without -Djdk.attach.allowAttachSelf=true. " + ARG_LINE);
    }

    // ------------------------------------------------------------------ the child JVM

    record Run(Map<String, String> outcomes, String stderr) {}

    static Path agentJar() {
        String jar = System.getProperty("forkscope.jar");
        if (jar == null) {
            throw new IllegalStateException("forkscope.jar system property not set (run through failsafe)");
        }
        return Path.of(jar).toAbsolutePath().normalize();
    }

    static Path junitJar() {
        String jar = System.getProperty("forkscope.junit.jar");
        if (jar == null) {
            throw new IllegalStateException("forkscope.junit.jar system property not set (run through failsafe)");
        }
        return Path.of(jar).toAbsolutePath().normalize();
    }

    /** Runs {@link CaseRunner} on {@code cases} in a fresh JVM with this test's class path. */
    static Run run(String java, Path dir, List<String> jvmArgs, Class<?> cases) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(CaseRunner.class.getName());
        cmd.add(cases.getName());
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not finish in 120 s: " + cmd);
        }
        String stdout = Files.readString(out);
        String stderr = Files.readString(err);
        assertThat(p.exitValue()).as(stdout + stderr).isZero();
        assertThat(stdout).as(stderr).contains("==END");
        return new Run(outcomes(stdout), stderr);
    }

    /** CaseRunner's output: "==> NAME", then the outcome's lines, up to the next "==>" or "==END". */
    static Map<String, String> outcomes(String stdout) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        String name = null;
        StringBuilder text = new StringBuilder();
        for (String line : stdout.split("\n", -1)) {
            if (line.startsWith("==> ") || line.equals("==END")) {
                if (name != null) {
                    outcomes.put(name, text.toString().stripTrailing());
                }
                name = line.equals("==END") ? null : line.substring(4);
                text.setLength(0);
            } else if (name != null) {
                text.append(text.length() == 0 ? "" : "\n").append(line);
            }
        }
        return outcomes;
    }

    /** The feature release of {@code java} (17, 25), from its release file. */
    static int featureVersion(String java) throws IOException {
        Path release = Path.of(java).getParent().getParent().resolve("release");
        for (String line : Files.readAllLines(release)) {
            if (line.startsWith("JAVA_VERSION=")) {
                String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                return Integer.parseInt(v.split("[.+-]")[0]);
            }
        }
        throw new IOException("no JAVA_VERSION in " + release + File.separator);
    }
}
