package io.forkscope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.scaling.RepetitionTimes.SectionTime;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepetitionTimesTest {
    static RegionRecord region(String label, long elapsed) {
        return new RegionRecord(label, "main", 0, new WorkSpan(0, 0, 0, 0, 0, elapsed), 0);
    }

    static final WholeRun WHOLE = new WholeRun(new WorkSpan(0, 0, 0, 0, 0, 777), 2, 0, 0, true);

    @Test
    void warmUpOccurrencesAreDroppedAndTheRestMedianed() {
        List<RegionRecord> run = List.of(region("a", 5), region("b", 100), region("a", 7), region("a", 10));
        assertThat(RepetitionTimes.reduce(run, WHOLE, 1)).containsExactly(
                new SectionTime("a", 9, 2, 1),        // median of 7 and 10 is 8.5, rounded half up
                new SectionTime("b", 100, 1, 0));    // one occurrence: nothing to drop
        assertThat(RepetitionTimes.reduce(run, WHOLE, 0)).containsExactly(
                new SectionTime("a", 7, 3, 0), new SectionTime("b", 100, 1, 0));
        assertThat(RepetitionTimes.reduce(run, WHOLE, 5).get(0)).isEqualTo(new SectionTime("a", 10, 1, 2));
    }

    @Test
    void withoutRegionsTheWholeRunIsTheSection() {
        assertThat(RepetitionTimes.reduce(List.of(), WHOLE, 1)).containsExactly(new SectionTime("", 777, 1, 0));
    }
}
