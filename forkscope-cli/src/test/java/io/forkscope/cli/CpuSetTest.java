package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CpuSetTest {
    @Test
    void kernelCpuListsBothWays() {
        assertThat(CpuSet.parseList("0-3,8,10-11")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(CpuSet.parseList("5,1, 1")).containsExactly(1, 5);
        assertThat(CpuSet.formatList(List.of(0, 1, 2, 5, 7, 8))).isEqualTo("0-2,5,7-8");
        assertThat(CpuSet.formatList(List.of(3))).isEqualTo("3");
        assertThatThrownBy(() -> CpuSet.parseList("3-1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRunIsPinnedToTheFirstPCoresWhenThereAreThatMany() {
        CpuSet set = new CpuSet(List.of(2, 3, 6), true);
        Optional<Path> taskset = Optional.of(Path.of("/usr/bin/taskset"));
        CpuSet.Pinning two = set.pinning(2, taskset);
        assertThat(two.prefix()).containsExactly("/usr/bin/taskset", "-c", "2-3");
        assertThat(two.pinned()).isTrue();
        assertThat(two.cores()).isEqualTo(2);
        CpuSet.Pinning four = set.pinning(4, taskset);
        assertThat(four.prefix()).isEmpty();
        assertThat(four.pinned()).isFalse();
        assertThat(four.cores()).isEqualTo(3);
        assertThat(four.coreList()).isEqualTo("2-3,6");
        assertThat(set.pinning(1, Optional.empty()).pinned()).isFalse();
        assertThat(new CpuSet(List.of(0, 1), false).pinning(1, taskset).pinned()).isFalse();
    }

    @Test
    void workerLists() {
        assertThat(BenchCommand.parseWorkers("1,2,4")).containsExactly(1, 2, 4);
        assertThat(BenchCommand.parseWorkers("4,1-3, 2")).containsExactly(1, 2, 3, 4);
        for (String bad : List.of("0", "3-2", "x", "1,,2", "40000")) {
            assertThatThrownBy(() -> BenchCommand.parseWorkers(bad)).isInstanceOf(UserError.class)
                    .hasMessageContaining("-p needs worker counts");
        }
    }

    @Test
    void pinningNotesSayWhatCannotBePinned() {
        List<String> notes = BenchCommand.pinningNotes(List.of(1, 2, 4, 8), new CpuSet(List.of(0, 1), true),
                Optional.of(Path.of("/usr/bin/taskset")));
        assertThat(notes).singleElement().asString().contains("P = 4, 8 cannot run on cores of its own")
                .contains("2 core(s) (0-1)");
    }

    @Test
    void burdenSourcesAreShortenedForCharts() {
        assertThat(PlotCommand.shortSource("calibrated (/x/y.properties, 2026-01-01T00:00:00Z)")).isEqualTo("calibrated");
        assertThat(PlotCommand.shortSource("default")).isEqualTo("default");
    }
}
