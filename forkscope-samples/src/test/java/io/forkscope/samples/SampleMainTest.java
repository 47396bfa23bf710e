package io.forkscope.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return run(Samples.all(), args);
    }

    private int run(List<Sample> registry, String... args) {
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            return SampleMain.run(registry, o, e, args);
        }
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** A block per program: its name first, then what it is and its two options, no line over 100 columns. */
    @Test
    void listPrintsABlockPerProgramInLinesOfAtMost100Columns() {
        assertThat(run("--list")).isZero();
        List<String> lines = out().lines().toList();
        assertThat(lines).allMatch(l -> l.length() <= SampleMain.LIST_WIDTH);
        List<String> starts = lines.stream().filter(l -> !l.startsWith(" ")).toList();
        assertThat(starts).hasSize(Samples.all().size());
        String joined = String.join(" ", lines.stream().map(String::strip).toList());
        for (int i = 0; i < starts.size(); i++) {
            Sample s = Samples.all().get(i);
            assertThat(starts.get(i)).startsWith(s.name() + " ");
            assertThat(joined).contains(s.description(), "--n: " + s.sizeMeaning() + " (default " + s.defaultN() + ")",
                    "--cutoff: " + s.cutoffMeaning() + " (default " + s.defaultCutoff() + ")");
        }
        assertThat(err()).isEmpty();
    }

    @Test
    void successPrintsOneShortLine() {
        assertThat(run("fib", "--n", "20", "--cutoff", "5", "--workers", "2")).isZero();
        assertThat(out()).matches("fib n=20 cutoff=5 workers=2 result=6765 kernel_ms=[0-9.]+\\R");
        assertThat(err()).isEmpty();
    }

    @Test
    void serialAndEqualsSyntaxAndRepeat() {
        assertThat(run("nqueens", "--n=6", "--serial", "--repeat", "3")).isZero();
        assertThat(out()).matches("nqueens n=6 cutoff=4 serial solutions=4 kernel_ms=[0-9.]+,[0-9.]+,[0-9.]+\\R");
    }

    @Test
    void warmUpRunsAreNotMeasured() {
        assertThat(run("fib", "--n", "20", "--cutoff", "5", "--workers", "2", "--warmup", "2", "--repeat", "2")).isZero();
        // two measured runs, the two warm-up runs before them not timed
        assertThat(out()).matches("fib n=20 cutoff=5 workers=2 result=6765 kernel_ms=[0-9.]+,[0-9.]+\\R");
    }

    @Test
    void unknownProgramExitsWith2() {
        assertThat(run("fibonacci")).isEqualTo(2);
        assertThat(err()).startsWith("error: unknown program 'fibonacci'").doesNotContain("Exception");
        assertThat(err().lines().count()).isEqualTo(1);
        assertThat(out()).isEmpty();
    }

    @Test
    void badOptionsExitWith2() {
        String[][] cases = {
            {"fib", "--bogus"}, {"fib", "--n", "abc"}, {"fib", "--n"}, {"fib", "--workers", "0"},
            {"fib", "--repeat", "-1"}, {"fib", "--warmup", "-1"}, {}, {"fib", "quicksort"}, {"fib", "--serial=yes"},
            {"fft", "--n", "1000"}, {"fib", "--n", "93"}, {"--list", "fib"},
        };
        for (String[] args : cases) {
            out.reset();
            err.reset();
            assertThat(run(args)).as(String.join(" ", args)).isEqualTo(2);
            assertThat(err().lines().count()).as(String.join(" ", args)).isEqualTo(1);
            assertThat(err()).startsWith("error: ").doesNotContain("\tat ");
        }
    }

    @Test
    void wrongResultExitsWith1() {
        Sample broken = new KernelSample<Integer, Integer>("broken", "always wrong", "anything", 1, "unused", 0) {
            @Override
            Integer prepare(int n, int cutoff) {
                return n;
            }

            @Override
            Integer kernel(Integer input, Exec exec) {
                return input + 1;
            }

            @Override
            String check(Integer input, Integer output) {
                return "expected " + input + " got " + output;
            }

            @Override
            String summary(Integer input, Integer output) {
                return "";
            }
        };
        assertThat(run(List.of(broken), "broken", "--serial")).isEqualTo(1);
        assertThat(err()).isEqualTo("broken n=1 cutoff=0 serial WRONG: expected 1 got 2" + System.lineSeparator());
        assertThat(out()).isEmpty();
    }

    @Test
    void failureInsideAProgramExitsWith1() {
        Sample crashing = new KernelSample<Integer, Integer>("crash", "throws", "anything", 1, "unused", 0) {
            @Override
            Integer prepare(int n, int cutoff) {
                return n;
            }

            @Override
            Integer kernel(Integer input, Exec exec) {
                throw new IllegalStateException("boom");
            }

            @Override
            String check(Integer input, Integer output) {
                return null;
            }

            @Override
            String summary(Integer input, Integer output) {
                return "";
            }
        };
        assertThat(run(List.of(crashing), "crash", "--workers", "2")).isEqualTo(1);
        assertThat(err()).startsWith("error: crash failed: java.lang.IllegalStateException: boom");
        assertThat(err().lines().count()).isEqualTo(1);
    }
}
