package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.contexts.ContextProfile;
import io.forkscope.analysis.contexts.JfrSamples;
import io.forkscope.analysis.contexts.Metric;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextsSectionTest {
    /** root → main → {compute (twice the work, much idleness), a class named as markup (overhead)}. */
    static SampledContexts.Result contexts() {
        ContextTree tree = new ContextTree();
        int main = tree.child(ContextTree.ROOT, Frame.of("app.Main", "main", -1, -1));
        tree.child(main, Frame.of("app.Task", "compute", -1, -1));
        tree.child(main, Frame.of("app.Evil" + HtmlFixtures.XSS, "run", -1, -1));
        ContextProfile p = new ContextProfile(tree, new double[] {0, 1e6, 4e6, 1e6}, new double[] {0, 0, 3e6, 0},
                new double[] {0, 0, 0, 2e6});
        return new SampledContexts.Result(p, SampledContexts.Idleness.EXACT, new JfrSamples("jdk.ExecutionSample",
                List.of(), Map.of(), 0, 0, 0), 10_000_000, 2, 0, 0, List.of(), 0, true, List.of(), null);
    }

    static ReportInputs withContexts() {
        return HtmlFixtures.inputs(HtmlFixtures.recording(false, false)).withContexts(contexts());
    }

    @Test
    void itAppearsWithSamples() {
        assertThat(new ContextsSection().applies(HtmlFixtures.inputs(HtmlFixtures.recording(true, true)))).isFalse();
        assertThat(new ContextsSection().applies(withContexts())).isTrue();
    }

    @Test
    void theNumbersAreTheProfiles() throws Exception {
        SampledContexts.Result r = contexts();
        String page = HtmlFixtures.page(withContexts());
        for (Metric m : List.of(Metric.WORK, Metric.IDLENESS, Metric.OVERHEAD, Metric.EFFORT)) {
            String key = m.name().toLowerCase(java.util.Locale.ROOT);
            assertThat(page).contains("data-key=\"ctx-" + key + "\" data-value=\""
                    + JsonColumns.number(r.profile().total(m), 6) + "\"");
        }
        // inclusive amounts, parents first: root, main, compute, the markup-named class
        assertThat(page).contains("\"parent\":[-1,0,1,1]", "\"work\":[6000000,6000000,4000000,1000000]",
                "\"idleness\":[3000000,3000000,3000000,0]", "\"overhead\":[2000000,2000000,0,2000000]");
        // Table 1's advice, one row per hotspot
        assertThat(page).contains("id=\"contexts-advice\"", "app.Main.main &gt; app.Task.compute");
    }

    @Test
    void frameNamesAreText() throws Exception {
        String page = HtmlFixtures.page(withContexts());
        assertThat(page).doesNotContain("app.Evil" + HtmlFixtures.XSS);
        assertThat(page).contains("app.Evil\\u003c/script\\u003e");   // in the JSON data
    }

    @Test
    void aSiteRowNamesItsMethodAsTheContextsDo() throws Exception {
        ReportInputs in = HtmlFixtures.inputs(HtmlFixtures.recording(true, true)).withContexts(contexts());
        String page = HtmlFixtures.page(in);
        assertThat(page).contains("data-frame=\"app.Evil&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.compute\"");
        assertThat(page).contains("a row to mark its site's nodes in the worker timelines and its method's contexts");
    }

    @Test
    void largeTreesKeepTheContextsThatMatter() {
        ContextTree tree = new ContextTree();
        int n = ContextsSection.ALL_NODES + 10;
        for (int i = 0; i < n; i++) {
            tree.child(ContextTree.ROOT, Frame.of("app.C" + i, "m", -1, -1));
        }
        double[] work = new double[n + 1];
        work[1] = 1e9;                      // one context holds nearly everything
        for (int i = 2; i <= n; i++) {
            work[i] = 1;
        }
        ContextProfile p = new ContextProfile(tree, work, new double[n + 1], new double[n + 1]);
        Map<Integer, Integer> shown = new HashMap<>();
        ContextsSection.data(p, shown);
        assertThat(shown).containsOnlyKeys(0, 1);
    }
}
