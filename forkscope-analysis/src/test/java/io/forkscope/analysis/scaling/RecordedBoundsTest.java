package io.forkscope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordedBoundsTest {
    static RegionRecord region(String label, long work) {
        return new RegionRecord(label, "main", 0, new WorkSpan(work, work / 10, work / 5, 1, 1, 0), 0);
    }

    @Test
    void theFirstOccurrenceIsWarmUpAndTheMedianWorkOfTheRestIsUsed() {
        Recording rec = new Recording(new RecordingInfo(Map.of("unit", "time", "burden", "500", "burden.source", "x")),
                new WholeRun(new WorkSpan(1000, 100, 150, 1, 1, 0), 2, 2, 3, true),
                List.of(region("a", 50), region("a", 30), region("b", 70), region("a", 10), region("a", 20),
                        region("z", 0)), List.of(), true);
        Map<String, SectionBounds> b = RecordedBounds.of(rec);
        assertThat(b.keySet()).containsExactly("a", "b", "");
        // occurrences 2..4 have work 30, 10, 20: the median, 20, is occurrence 4
        assertThat(b.get("a").measures().work()).isEqualTo(20);
        assertThat(b.get("a").used()).isEqualTo(4);
        assertThat(b.get("a").occurrences()).isEqualTo(4);
        assertThat(b.get("b").used()).isEqualTo(1);
        assertThat(b.get("").measures().work()).isEqualTo(1000);
        assertThat(b.get("").burden()).isEqualTo(500);
        assertThat(b.get("").burdenSource()).isEqualTo("x");
        assertThat(b.get("").parallelism()).isEqualTo(10.0);
    }
}
