package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.acme.sites.DumpSites;
import com.acme.sites.SitePrograms;
import io.forkscope.cli.CliRunner;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code sites=true} (record --sites) weaves call sites into the application's classes as they load,
 * on every JDK: the program's output, stderr and exit code are those of a run without the agent (so
 * no VerifyError, no changed stack trace), the recording is complete, and the site registry (dumped at
 * exit by {@link DumpSites}) holds plausible sites with their source lines.
 */
class SitesWeavingIT {
    /** A registered site, as DumpSites writes it. */
    record Site(int id, int callerMethod, String className, String methodName, String descriptor, int bci, int line,
                String sourceFile, String kind, String callee) {
        static Site parse(String line) {
            String[] f = line.split("\t", -1);
            return new Site(Integer.parseInt(f[0]), Integer.parseInt(f[1]), f[2], f[3], f[4], Integer.parseInt(f[5]),
                    Integer.parseInt(f[6]), f[7], f[8], f[9]);
        }
    }

    record Run(ChildJvm.Result plain, ChildJvm.Result recorded, Recording recording, List<Site> sites) {
    }

    static Stream<Arguments> samples() {
        List<Arguments> runs = new ArrayList<>();
        for (String java : Jdks.javas()) {
            for (Object[] s : SuiteUnderAgentIT.SMALL) {
                runs.add(Arguments.of(s[0], s[1], s[2], java));
            }
        }
        return runs.stream();
    }

    static Stream<Arguments> programs() {
        List<Arguments> runs = new ArrayList<>();
        for (String java : Jdks.javas()) {
            for (String p : List.of("stream", "sort", "throw")) {
                runs.add(Arguments.of(p, java));
            }
        }
        return runs.stream();
    }

    private static Run run(String java, Path dir, String name, Class<?> main, String... args) throws Exception {
        Path out = dir.resolve(name + ".fsk");
        Path dump = dir.resolve(name + ".sites");
        List<String> all = new ArrayList<>();
        all.add(main.getName());
        all.addAll(List.of(args));
        String[] wrapped = all.toArray(new String[0]);
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of("-Dsites.dump=" + dump),
                DumpSites.class, wrapped), dir);
        assertThat(dump).doesNotExist();
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",sites=true",
                List.of("-Dsites.dump=" + dump), DumpSites.class, wrapped), dir);
        List<Site> sites = Files.readAllLines(dump).stream().map(Site::parse).toList();
        return new Run(plain, recorded, RecordingReader.read(out), sites);
    }

    @ParameterizedTest(name = "{0} n={1} on {3}")
    @MethodSource("samples")
    void theSuiteRunsTheSameWithSitesWoven(String name, int n, int cutoff, String java, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Run r = run(java, dir, name, SampleMain.class, name, "--n", Integer.toString(n), "--cutoff",
                Integer.toString(cutoff), "--workers", "2");
        assertThat(r.plain().exitCode()).as(r.plain().stderr()).isZero();
        assertThat(r.recorded().exitCode()).as(r.recorded().stderr()).isZero();
        assertThat(SuiteUnderAgentIT.withoutTimes(r.recorded().stdout()))
                .isEqualTo(SuiteUnderAgentIT.withoutTimes(r.plain().stdout()));
        assertThat(r.recorded().programStderr()).isEqualTo(r.plain().programStderr());
        assertThat(r.recording().complete()).isTrue();
        assertThat(r.recording().info().asMap()).containsEntry("sites", "true");
        // every site is in an application class with a source line, ids dense in registration order
        assertThat(r.sites()).isNotEmpty();
        for (int i = 0; i < r.sites().size(); i++) {
            Site s = r.sites().get(i);
            assertThat(s.id()).isEqualTo(i);
            assertThat(s.className()).matches("io\\.forkscope\\.samples\\..*|com\\.acme\\.sites\\.DumpSites");
            assertThat(s.line()).as("%s", s).isPositive();
            assertThat(s.bci()).as("%s", s).isNotNegative();
        }
        assertThat(r.sites()).filteredOn(s -> s.className().startsWith("io.forkscope.samples.")).isNotEmpty()
                .anyMatch(s -> s.kind().equals("FORK") || s.callee().contains("invokeAll")
                || s.callee().endsWith(".invoke") || s.callee().contains("submit"));
    }

    @ParameterizedTest(name = "fib, quicksort and matmul sites where their source says, on {0}")
    @MethodSource("javas")
    void theKernelsSitesAreOnTheirSourceLines(String java, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Run fib = run(java, dir, "fib", SampleMain.class, "fib", "--n", "20", "--cutoff", "8", "--workers", "2");
        assertThat(fib.recorded().exitCode()).isZero();
        List<String> fibSource = source("Fib");
        assertThat(fib.sites()).anySatisfy(s -> {
            assertThat(s.className()).isEqualTo("io.forkscope.samples.Fib$FibTask");
            assertThat(s.kind()).isEqualTo("FORK");
            assertThat(s.callee()).isEqualTo("FibTask.fork");
            assertThat(s.line()).isEqualTo(lineOf(fibSource, "first.fork();"));
            assertThat(s.sourceFile()).isEqualTo("Fib.java");
        });
        assertThat(fib.sites()).anySatisfy(s -> {
            assertThat(s.methodName()).isEqualTo("compute");
            assertThat(s.kind()).isEqualTo("CALL");
            assertThat(s.callee()).isEqualTo("FibTask.compute");
            assertThat(s.line()).isEqualTo(lineOf(fibSource, "long y = second.compute();"));
        });
        // the fork and the called half share their caller, compute()
        assertThat(fib.sites().stream().filter(s -> s.className().endsWith("FibTask") && s.methodName().equals("compute"))
                .map(Site::callerMethod).distinct()).hasSize(1);

        Run qs = run(java, dir, "quicksort", SampleMain.class, "quicksort", "--n", "20000", "--cutoff", "64",
                "--workers", "2");
        assertThat(qs.recorded().exitCode()).isZero();
        assertThat(qs.sites()).anySatisfy(s -> {
            assertThat(s.callee()).isEqualTo("Quicksort.partition");
            assertThat(s.line()).isEqualTo(lineOf(source("Quicksort"), "int split = partition(a, lo, hi);"));
        });

        Run mm = run(java, dir, "matmul", SampleMain.class, "matmul", "--n", "64", "--cutoff", "16", "--workers", "2");
        assertThat(mm.recorded().exitCode()).isZero();
        assertThat(mm.sites()).anyMatch(s -> s.className().startsWith("io.forkscope.samples.MatMul"));
    }

    static Stream<String> javas() {
        return Jdks.javas().stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("programs")
    void parallelStreamsSortsAndExceptionsThroughSites(String program, String java, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Run r = run(java, dir, program, SitePrograms.class, program);
        assertThat(r.recorded().exitCode()).isEqualTo(r.plain().exitCode())
                .isEqualTo(program.equals("throw") ? 1 : 0);
        assertThat(r.recorded().stdout()).isEqualTo(r.plain().stdout());
        // the same stack traces, line for line: weaving moves no line
        assertThat(r.recorded().programStderr()).isEqualTo(r.plain().programStderr());
        assertThat(r.recording().complete()).isTrue();
        List<String> calls = r.sites().stream().filter(s -> s.className().equals(SitePrograms.class.getName()))
                .map(s -> s.kind() + " " + s.callee()).toList();
        switch (program) {
            case "stream" -> assertThat(calls).contains("CALL LongStream.sum", "LAMBDA lambda$main$0",
                    "LAMBDA lambda$main$1").doesNotContain("CALL IntStream.map", "CALL IntStream.parallel");
            case "sort" -> assertThat(calls).contains("CALL Arrays.parallelSort");
            default -> {
                assertThat(r.plain().stderr()).contains("bottom reached");
                assertThat(calls).contains("CALL ForkJoinPool.invoke", "CALL SitePrograms.down");
                assertThat(r.sites()).anyMatch(s -> s.callee().equals("Failing.fork"));
            }
        }
    }

    /** record --sites and its patterns reach the agent: the include pattern keeps only SitePrograms. */
    @org.junit.jupiter.api.Test
    void recordSitesPassesTheOptionsToTheAgent(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path out = dir.resolve("rec.fsk");
        Path dump = dir.resolve("rec.sites");
        CliRunner.Result rec = CliRunner.run("record", "-o", out.toString(), "--sites-include", "com.acme.sites.Site*",
                "--", Jdks.javas().get(0), "-Dsites.dump=" + dump, "-cp", CliIT.cp(), DumpSites.class.getName(),
                SitePrograms.class.getName(), "sort");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        Recording r = RecordingReader.read(out);
        assertThat(r.info().asMap()).containsEntry("sites", "true").containsEntry("sites.include", "com.acme.sites.Site*");
        List<Site> sites = Files.readAllLines(dump).stream().map(Site::parse).toList();
        assertThat(sites).isNotEmpty().allMatch(s -> s.className().startsWith(SitePrograms.class.getName()));
    }

    /**
     * A class of a named module links to the hooks in the boot loader's unnamed module only if its
     * module reads that one: the transformer adds the read edge, or the class would fail at its first
     * site with an IllegalAccessError.
     */
    @ParameterizedTest(name = "on {0}")
    @MethodSource("javas")
    void classesOfNamedModulesAreWovenAndRun(String java, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path src = dir.resolve("src");
        Path pkg = src.resolve("acme/mod");
        Files.createDirectories(pkg);
        Files.writeString(src.resolve("module-info.java"), "module acme.mod { }\n");
        Files.writeString(pkg.resolve("Main.java"), """
                package acme.mod;

                import java.util.stream.IntStream;

                public final class Main {
                    static int square(int x) {
                        return x * x;
                    }

                    public static void main(String[] args) throws Exception {
                        String dump = System.getProperty("sites.dump");
                        if (dump != null) {
                            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                                try {
                                    Class<?> r = Class.forName("io.forkscope.recorder.sites.SiteRegistry", true, null);
                                    java.nio.file.Files.writeString(java.nio.file.Path.of(dump),
                                            r.getMethod("sites").invoke(null).toString());
                                } catch (ClassNotFoundException noAgent) {
                                    // without the agent
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            }));
                        }
                        System.out.println("sum " + IntStream.range(0, 1000).parallel().map(i -> square(i)).sum());
                    }
                }
                """);
        Path classes = dir.resolve("classes");
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d",
                classes.toString(), src.resolve("module-info.java").toString(), pkg.resolve("Main.java").toString());
        assertThat(rc).isZero();
        Path dump = dir.resolve("mod.sites");
        List<String> plainCmd = List.of(java, "-Dsites.dump=" + dump, "-p", classes.toString(), "-m", "acme.mod/acme.mod.Main");
        ChildJvm.Result plain = ChildJvm.run(plainCmd, dir);
        List<String> recordedCmd = new ArrayList<>(plainCmd);
        recordedCmd.add(1, "-javaagent:" + ChildJvm.jar() + "=out=" + dir.resolve("mod.fsk") + ",sites=true");
        ChildJvm.Result recorded = ChildJvm.run(recordedCmd, dir);
        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(recorded.exitCode()).as(recorded.stderr()).isZero();
        assertThat(recorded.stdout()).isEqualTo(plain.stdout()).isEqualTo("sum 332833500\n");
        assertThat(recorded.programStderr()).isEqualTo(plain.programStderr());
        assertThat(Files.readString(dump)).contains("className=acme.mod.Main", "callee=Main.square",
                "callee=IntStream.sum", "kind=LAMBDA");
    }

    private static List<String> source(String sample) throws Exception {
        return Files.readAllLines(Path.of("..", "forkscope-samples", "src", "main", "java", "io", "forkscope", "samples",
                sample + ".java"));
    }

    private static int lineOf(List<String> source, String text) {
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + text);
    }
}
