package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.BenchPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What bench times is the program only: under the agent's {@code mode=regions}, with or without
 * {@code workers=P}, no class of the agent loads inside the program's first region, which here is
 * also its first use of ForkJoinPool. A count of class loads, not a time, so it holds on a busy
 * machine. Before the fix, {@code workers=P} wove ForkJoinPool when the program first touched it:
 * ~830 relocated ByteBuddy classes and hundreds of ms inside the timed part.
 */
class BenchTimedPartIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void noAgentClassLoadsInsideTheFirstRegion(String java, @TempDir Path dir) throws Exception {
        for (String options : List.of("mode=regions,workers=2", "mode=regions")) {
            Path log = dir.resolve("classes-" + options.length() + ".log");
            ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + dir.resolve("t.fsk") + ",force," + options,
                    List.of("-Xlog:class+load:file=" + log), BenchPrograms.class, "firstuse"), dir);
            assertThat(r.exitCode()).as(r.stderr()).isZero();
            // the pool's parallelism shows whether workers=P was applied (so the weaving did happen)
            assertThat(r.stdout()).as(options).contains("firstuse parallelism=" + (options.contains("workers") ? 2 : 7)
                    + " sum=5000050000");
            List<String> loaded = Files.readAllLines(log).stream().map(BenchTimedPartIT::className).toList();
            int begins = loaded.indexOf(BenchPrograms.TimedPartBegins.class.getName());
            int ends = loaded.indexOf(BenchPrograms.TimedPartEnds.class.getName());
            assertThat(begins).as("marks in " + log).isPositive().isLessThan(ends);
            List<String> timed = loaded.subList(begins + 1, ends);
            // the region's own work did load classes (ForkJoinPool's workers, the stream), so the log is the real one
            assertThat(timed).as(options).contains("java.util.concurrent.ForkJoinWorkerThread");
            assertThat(timed.stream().filter(BenchTimedPartIT::isAgentClass).toList()).as(options).isEmpty();
        }
    }

    /**
     * @return whether the class is the agent's: forkscope's or what it shades, but not the test program nor
     *     the API it calls itself ({@code Forkscope}, {@code Region}), which load with or without an agent and
     *     before the region's clock is read
     */
    static boolean isAgentClass(String name) {
        return name.startsWith("io.forkscope.") && !name.startsWith("io.forkscope.it.")
                && !name.equals("io.forkscope.Forkscope") && !name.equals("io.forkscope.Region");
    }

    /** @return the class name of a {@code -Xlog:class+load} line ("[0.3s][info][class,load] NAME source: ...") */
    static String className(String line) {
        int tag = line.indexOf("] ", line.indexOf("class,load"));
        if (tag < 0) {
            return "";
        }
        String rest = line.substring(tag + 2);
        int space = rest.indexOf(' ');
        return space < 0 ? rest : rest.substring(0, space);
    }
}
