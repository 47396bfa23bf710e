package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every command's mistakes: an output it cannot write, a nonsense value, a program not after
 * {@code --}. Each is one line on stderr that starts {@code forkscope: }, exit code 2, no stack
 * trace, nothing on stdout, and nothing created or changed: the temporary directory the test works
 * in is the same before and after, and the command a mistake should stop ({@code sh -c "touch
 * ran"}) never runs. And {@code --help} and {@code -h} work for every command, with texts that fit
 * 80 columns without a word cut in two.
 */
class UserErrorsTest {
    /** A command that leaves a file behind if forkscope runs it, which it must not after a mistake. */
    private static final String RUNS = "sh -c touch_{dir}/ran";

    @TempDir
    Path dir;

    private Path recording;
    private Path dagRecording;

    @BeforeEach
    void recordings() throws Exception {
        recording = DagCommandsTest.writeWithoutDag(dir.resolve("plain.fsk"));
        dagRecording = DagCommandsTest.writeWithDag(dir.resolve("dag.fsk"));
        Files.writeString(dir.resolve("regular.txt"), "a file, not a directory");
    }

    /** Ways an output path can be wrong; {@code make} prepares it in the test's directory. */
    enum BadOutput {
        MISSING_DIRECTORY {
            @Override
            Path make(Path dir, String ext) {
                return dir.resolve("missing").resolve("deeper").resolve("out" + ext);
            }
        },
        UNDER_A_REGULAR_FILE {
            @Override
            Path make(Path dir, String ext) {
                return dir.resolve("regular.txt").resolve("out" + ext);
            }
        },
        UNWRITABLE_DIRECTORY {
            @Override
            Path make(Path dir, String ext) {
                return Path.of("/proc/self/forkscope-out" + ext); // root may write anywhere but here
            }
        },
        A_DIRECTORY {
            @Override
            Path make(Path dir, String ext) throws Exception {
                return Files.createDirectories(dir.resolve("isdir" + ext));
            }
        },
        EXISTS_WITHOUT_FORCE {
            @Override
            Path make(Path dir, String ext) throws Exception {
                return Files.writeString(dir.resolve("existing" + ext), "the user's");
            }
        };

        abstract Path make(Path dir, String ext) throws Exception;
    }

    /**
     * Commands that write a file, with {OUT} for the bad file, {REC} a recording, {DAG} a recording
     * with a DAG, {dir} the test's directory; "_" in an argument stands for a space.
     */
    static Stream<Arguments> fileOutputs() {
        List<String> commands = List.of(
                "record -o {OUT}.fsk -- " + RUNS,
                "record --force -o {OUT}.fsk -- " + RUNS,
                "bench -p 1 --trials 1 -o {OUT}.csv -- " + RUNS,
                "bench -p 1 --trials 1 -o {dir}/ok.csv --log {OUT}.log -- " + RUNS,
                "plot {REC} -o {OUT}.svg",
                "profile {DAG} -o {OUT}.svg",
                "export {DAG} --chrome {OUT}.json",
                "example --record {OUT}.fsk fib");
        List<Arguments> cases = new ArrayList<>();
        for (String c : commands) {
            for (BadOutput b : BadOutput.values()) {
                if (b == BadOutput.EXISTS_WITHOUT_FORCE && c.contains("--force")) {
                    continue;
                }
                cases.add(Arguments.of(c, b));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("fileOutputs")
    void anOutputThatCannotBeWrittenStopsTheCommandBeforeItRuns(String command, BadOutput bad) throws Exception {
        String ext = command.substring(command.indexOf("{OUT}") + 5).split(" ")[0];
        Path out = bad.make(dir, ext);
        String[] args = args(command.replace("{OUT}" + ext, out.toString()));
        Map<Path, String> before = snapshot(dir);
        CliRunner.Result r = CliRunner.run(args);
        assertOneLineUserError(r, out.toAbsolutePath().toString());
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    static Stream<Arguments> directoryOutputs() {
        List<Arguments> cases = new ArrayList<>();
        for (String c : List.of("plot {REC} -o {dir}/p.svg --gnuplot {OUT}", "profile {DAG} -o {dir}/p.svg --gnuplot {OUT}")) {
            for (BadOutput b : List.of(BadOutput.MISSING_DIRECTORY, BadOutput.UNDER_A_REGULAR_FILE,
                    BadOutput.UNWRITABLE_DIRECTORY, BadOutput.EXISTS_WITHOUT_FORCE)) {
                cases.add(Arguments.of(c, b));
            }
        }
        return cases.stream();
    }

    /** --gnuplot DIR: DIR may be made, not its parents; a file is not a directory. */
    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("directoryOutputs")
    void aGnuplotDirectoryThatCannotBeWrittenStopsTheCommand(String command, BadOutput bad) throws Exception {
        Path out = bad.make(dir, "");
        Map<Path, String> before = snapshot(dir);
        CliRunner.Result r = CliRunner.run(args(command.replace("{OUT}", out.toString())));
        assertOneLineUserError(r, out.toAbsolutePath().toString());
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    @Test
    void aGnuplotDirectoryIsMadeButNotItsParent() throws Exception {
        Path gp = dir.resolve("gp");
        CliRunner.Result r = CliRunner.run("profile", dagRecording.toString(), "-o", dir.resolve("p.svg").toString(),
                "--gnuplot", gp.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(gp.resolve("profile.dat")).exists();
        // written once: again without --force is refused before the SVG is touched
        Files.delete(dir.resolve("p.svg"));
        r = CliRunner.run("profile", dagRecording.toString(), "-o", dir.resolve("p.svg").toString(),
                "--gnuplot", gp.toString());
        assertOneLineUserError(r, gp.resolve("profile.dat") + ": exists; use --force");
        assertThat(dir.resolve("p.svg")).doesNotExist();
    }

    /** Nonsense values, and a program not given after --: args, then what the message says. */
    static Stream<Arguments> badValues() {
        String bench = " -o {dir}/b.csv -- " + RUNS;
        return Stream.of(
                Arguments.of("bench --timeout 0" + bench, "--timeout must be at least 1 second, not 0"),
                Arguments.of("bench --timeout -5" + bench, "--timeout must be at least 1 second, not -5"),
                Arguments.of("bench --trials 0" + bench, "--trials must be at least 1"),
                Arguments.of("bench --repeat 0" + bench, "--repeat must be at least 1"),
                Arguments.of("bench --warmup -1" + bench, "--warmup must not be negative"),
                Arguments.of("bench --repeat 1 --warmup 1" + bench, "--warmup 1 leaves none of --repeat 1"),
                Arguments.of("bench --repeat 3 --warmup 3" + bench, "--warmup 3 leaves none of --repeat 3"),
                Arguments.of("bench -p 0" + bench, "-p needs worker counts from 1"),
                Arguments.of("bench -p 2-1" + bench, "not '2-1'"),
                Arguments.of("bench --trials x" + bench, "'x' is not an int"),
                Arguments.of("bench java -cp x Main", "put -- before the command to benchmark: forkscope bench"
                        + " [options] -- java ..."),
                Arguments.of("bench -p 1 java Main", "put -- before the command to benchmark"),
                Arguments.of("record java -cp x Main", "put -- before the command to record: forkscope record"
                        + " [options] -- java ..."),
                Arguments.of("record -o {dir}/r.fsk sh -c touch_{dir}/ran", "put -- before the command to record:"
                        + " forkscope record [options] -- sh ..."),
                Arguments.of("record -o {dir}/r.fsk sh -- -c touch_{dir}/ran", "put -- before the command to record"),
                Arguments.of("record --unit furlongs -- " + RUNS, "unknown unit"),
                Arguments.of("record --mode tree -- " + RUNS, "--mode is cilkview or dag, not 'tree'"),
                Arguments.of("record --pool-mode random -- " + RUNS, "--pool-mode is fifo or lifo"),
                Arguments.of("record --dag-max-nodes 5000 -- " + RUNS, "--dag-max-nodes needs --mode dag"),
                Arguments.of("record --mode dag --dag-max-nodes -3 -- " + RUNS,
                        "--dag-max-nodes is a count of nodes (0: no bound), not -3"),
                Arguments.of("record --burden-ns -1 -- " + RUNS, "--burden-ns needs a non-negative whole number"),
                Arguments.of("record --mode dag --unit abstract -- " + RUNS, "--mode dag needs --unit time"),
                Arguments.of("record --unit bytecodes --burden-ns auto -- " + RUNS,
                        "--burden-ns auto is a time; with --unit bytecodes give the burden in bytecodes (default 15000"),
                Arguments.of("record --count-jdk -- " + RUNS, "--count-jdk counts instructions: it needs --unit bytecodes"),
                Arguments.of("record --unit abstract --count-jdk -- " + RUNS,
                        "--count-jdk counts instructions: it needs --unit bytecodes"),
                Arguments.of("record --contexts cactus -- " + RUNS, "--contexts is logical or physical, not 'cactus'"),
                Arguments.of("record --contexts logical --mode cilkview -- " + RUNS,
                        "--contexts logical records the DAG: it needs --mode dag"),
                Arguments.of("record --sites-include com..acme -- " + RUNS, "--sites-include: 'com..acme' has an empty"
                        + " package segment"),
                Arguments.of("record --sites --sites-exclude com.acme.*,a/b -- " + RUNS, "--sites-exclude: 'a/b' is not"
                        + " a class or package pattern"),
                Arguments.of("record", "Missing required parameter: 'COMMAND'"),
                Arguments.of("profile {DAG} -o {dir}/p.svg --points 0", "--points must be at least 1"),
                Arguments.of("plot {REC} -o {dir}/p.svg --max-p 1", "--max-p must be at least 2"),
                Arguments.of("summary {REC} --max-p 1", "--max-p must be at least 2"),
                Arguments.of("summary {REC} --processors 0", "--processors must be at least 1"),
                Arguments.of("sites {REC}", "plain.fsk has no call sites: record it with `forkscope record --sites`"),
                Arguments.of("sites {REC} --on time", "--on must be span or work, not 'time'"),
                Arguments.of("sites {REC} --top -1", "--top must be 0 (all) or more"),
                Arguments.of("calibrate --forks 0", "--forks must be at least 1"),
                Arguments.of("demo --workers 0", "--workers must be at least 1, not 0"),
                Arguments.of("demo --example nope", "no bundled program 'nope'; the programs are"),
                Arguments.of("example nope", "unknown program 'nope' (try --list)"),
                Arguments.of("example fib --bogus", "unknown option '--bogus'; usage: forkscope example NAME"),
                Arguments.of("example fib --workers 0", "workers must be at least 1"),
                Arguments.of("example fib --mode dag", "record's options (--mode, --sites, --sample, ...) need --record FILE"),
                Arguments.of("example fib --record {dir}/e.fsk --mode tree", "--mode is cilkview or dag, not 'tree'"),
                Arguments.of("delays --frob {DAG}", "Unknown option: '--frob' (see: forkscope delays --help)"),
                Arguments.of("export {DAG}", "Missing required option: '--chrome=OUT.json'"),
                Arguments.of("frobnicate", "unknown command 'frobnicate'; the commands are record, summary, bench,"),
                Arguments.of("sumary {REC}", "unknown command 'sumary'; did you mean 'summary'? (see: forkscope --help)"),
                Arguments.of("delay {DAG}", "unknown command 'delay'; did you mean 'delays'?"),
                Arguments.of("summary {REC} {REC}", "unexpected argument '"),
                Arguments.of("summary {REC} --json --csv", "--json and --csv cannot be used together: choose one"
                        + " (see: forkscope summary --help)"),
                Arguments.of("help frobnicate", "frobnicate"));
    }

    @Test
    void noCommandShowsTheUsageOnStderrAndExitsTwo() {
        CliRunner.Result r = CliRunner.run();
        assertThat(r.exitCode()).isEqualTo(Main.USER_ERROR);
        assertThat(r.err()).contains("Usage: forkscope", "record", "summary");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aProgramThatCannotStartIsNamedInPlainWords() {
        assertThat(AgentLaunch.startFailure(new java.io.IOException("Cannot run program \"nope\": error=2,"
                + " No such file or directory"))).isEqualTo("no such program");
        assertThat(AgentLaunch.startFailure(new java.io.IOException("Cannot run program \"./x.sh\" (in directory"
                + " \"/tmp\"): error=13, Permission denied"))).isEqualTo("not executable (permission denied)");
        assertThat(AgentLaunch.startFailure(new java.io.IOException("Cannot run program \"x\": error=7, Argument"
                + " list too long"))).isEqualTo("Argument list too long");
    }

    @Test
    void theNearestCommandIsATypoAwayOrNone() {
        List<String> names = List.of("record", "summary", "delays", "sites", "contexts", "demo");
        assertThat(ParameterErrors.nearest("recrod", names)).contains("record");
        assertThat(ParameterErrors.nearest("site", names)).contains("sites");
        assertThat(ParameterErrors.nearest("con", names)).contains("contexts");     // a prefix
        assertThat(ParameterErrors.nearest("frobnicate", names)).isEmpty();
        assertThat(ParameterErrors.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(ParameterErrors.distance("", "abc")).isEqualTo(3);
        assertThat(ParameterErrors.distance("same", "same")).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void aNonsenseValueIsOneLine(String command, String message) throws Exception {
        Map<Path, String> before = snapshot(dir);
        CliRunner.Result r = CliRunner.run(args(command));
        assertOneLineUserError(r, message);
        assertThat(snapshot(dir)).isEqualTo(before);
    }

    static List<String> commands() {
        return new ArrayList<>(Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                .getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList());
    }

    static Stream<Arguments> helpRequests() {
        return commands().stream().flatMap(c -> Stream.of(Arguments.of(c, List.of(c, "--help")),
                Arguments.of(c, List.of(c, "-h")), Arguments.of(c, List.of("help", c))));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("helpRequests")
    void everyCommandHasHelp(String command, List<String> args) {
        CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("Usage: forkscope " + command + " ").contains("-h, --help");
    }

    /**
     * Each help, at 80 columns: no line longer, no word cut in two (every word of every description
     * is a word of the help), and each paragraph of a command's description a whole sentence, so
     * that the command list, which shows the first, never stops mid-sentence.
     */
    @Test
    void helpTextsFitEightyColumnsAndKeepTheirWordsAndSentences() {
        CommandLine main = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        List<CommandLine> all = new ArrayList<>(List.of(main));
        commands().forEach(c -> all.add(main.getSubcommands().get(c)));
        for (CommandLine cl : all) {
            cl.setUsageHelpWidth(80);
            String help = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
            String name = cl.getCommandSpec().qualifiedName();
            assertThat(help.lines()).as(name).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
            Set<String> words = new HashSet<>(Arrays.asList(help.replaceAll("-\\n\\s+", "-").split("\\s+")));
            CommandSpec spec = cl.getCommandSpec();
            List<String> texts = new ArrayList<>(Arrays.asList(spec.usageMessage().description()));
            for (ArgSpec a : spec.args()) {
                texts.addAll(Arrays.asList(a.description()));
            }
            for (String text : texts) {
                for (String w : text.split("\\s+")) {
                    if (!w.isEmpty() && !w.contains("${")) {
                        assertThat(words).as(name + ": '" + w + "' of: " + text + "\n" + help).contains(w);
                    }
                }
            }
            for (String paragraph : spec.usageMessage().description()) {
                if (!paragraph.startsWith("Example: ")) {
                    assertThat(paragraph).as(name).endsWith(".");
                }
            }
        }
    }

    // --- helpers

    private String[] args(String command) {
        List<String> out = new ArrayList<>();
        for (String a : command.split(" ")) {
            out.add(a.replace("{REC}", recording.toString()).replace("{DAG}", dagRecording.toString())
                    .replace("{dir}", dir.toString()).replace('_', ' '));
        }
        return out.toArray(new String[0]);
    }

    /** @return every path under {@code root} with its size and modification time */
    static Map<Path, String> snapshot(Path root) throws Exception {
        Map<Path, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.toList()) {
                m.put(p, Files.isDirectory(p) ? "dir" : Files.size(p) + " " + Files.getLastModifiedTime(p));
            }
        }
        return m;
    }

    static void assertOneLineUserError(CliRunner.Result r, String message) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.USER_ERROR);
        assertThat(r.err().lines().toList()).as(r.err()).singleElement().asString().startsWith("forkscope: ")
                .contains(message).doesNotContain("internal error");
        assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }
}
