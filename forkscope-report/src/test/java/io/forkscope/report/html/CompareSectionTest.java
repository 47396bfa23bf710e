package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.report.delay.CompareColumn;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CompareSectionTest {
    static final DelayReport RUN = DelaySpotter.analyze(HtmlFixtures.dag(), OptionalDouble.empty());

    static ReportInputs compared(int runs) {
        ReportInputs in = HtmlFixtures.inputs(HtmlFixtures.recording(true, false));
        List<CompareColumn> columns = new java.util.ArrayList<>();
        for (int i = 0; i < runs; i++) {
            columns.add(new CompareColumn(i == 0 ? "a.fsk" : HtmlFixtures.XSS + ".fsk", "mode=dag", RUN));
        }
        return in.withCompare(columns);
    }

    @Test
    void itAppearsWithTwoRunsOrMore() {
        assertThat(new CompareSection().applies(compared(0))).isFalse();
        assertThat(new CompareSection().applies(compared(1))).isFalse();
        assertThat(new CompareSection().applies(compared(2))).isTrue();
        assertThat(new HtmlPage().applicable(compared(2)).stream().map(HtmlSection::id).toList())
                .containsSubsequence("delays", "compare");
    }

    @Test
    void theNumbersAreCompares() throws Exception {
        String page = HtmlFixtures.page(compared(2));
        CompareColumn c = new CompareColumn("a.fsk", "", RUN);
        double[] parts = c.components();
        for (int run = 0; run < 2; run++) {
            assertThat(page).contains("data-key=\"cmp-" + run + "-slot-time\" data-value=\""
                    + JsonColumns.number(c.total(), 6) + "\"");
            for (int k = 0; k < CompareSection.KEYS.size(); k++) {
                if (k == 2) {
                    continue;   // no forkscope time in a DAG built by hand: no row
                }
                assertThat(page).contains("data-key=\"cmp-" + run + "-" + CompareSection.KEYS.get(k) + "\" data-value=\""
                        + JsonColumns.number(parts[k], 6) + "\"");
                assertThat(page).contains("class=\"seg seg-" + CompareSection.KEYS.get(k) + "\" data-share=\""
                        + JsonColumns.number(parts[k] / c.total(), 6) + "\"");
            }
            assertThat(page).contains("data-key=\"cmp-" + run + "-utilisation\" data-value=\""
                    + JsonColumns.number(RUN.stats().utilisation(), 6) + "\"");
        }
        assertThat(page).doesNotContain("cmp-0-forkscope", "seg seg-forkscope", "cmp-0-speedup");
    }

    @Test
    void runNamesAreText() throws Exception {
        String page = HtmlFixtures.page(compared(3));
        assertThat(page).doesNotContain(HtmlFixtures.XSS);
        assertThat(page).contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.fsk</span>");
    }
}
