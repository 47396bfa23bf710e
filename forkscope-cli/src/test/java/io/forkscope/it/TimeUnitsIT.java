package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.it.programs.SpinPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Time units on spin-loop programs whose work and span are known by construction: within ±15% on
 * 1 and 2 workers. The span is a property of the DAG, so it must not depend on the worker count.
 */
class TimeUnitsIT {
    static final double MS = 1e6;

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2})
    void spinProgramsHaveTheirConstructedWorkAndSpan(int workers, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("spin.fsk");
        String java = Jdks.javas().get(0);
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out, List.of(), SpinPrograms.class,
                Integer.toString(workers)), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Recording rec = RecordingReader.read(out);
        WorkSpan tree = region(rec, "tree");
        WorkSpan chain = region(rec, "chain");
        assertThat(tree.work() / MS).isCloseTo(500, within(75.0));
        assertThat(tree.span() / MS).isCloseTo(200, within(30.0));
        // the submission's create edge, and a forked child's unless the inline child is the longest
        assertThat(tree.burdenedSpan() - tree.span()).isBetween(6250L, 2 * 6250L);
        assertThat(chain.work() / MS).isCloseTo(500, within(75.0));
        assertThat(chain.span() / MS).isCloseTo(500, within(75.0));
        assertThat(tree.spawns()).isEqualTo(4);
        assertThat(chain.spawns()).isEqualTo(6);
    }

    static WorkSpan region(Recording rec, String label) {
        return rec.regions().stream().filter(x -> x.label().equals(label)).map(RegionRecord::measures)
                .findFirst().orElseThrow();
    }
}
