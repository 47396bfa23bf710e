package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlPageTest {
    private static List<String> ids(ReportInputs in) {
        return new HtmlPage().applicable(in).stream().map(HtmlSection::id).toList();
    }

    @Test
    void aSummaryRecordingHasTheRunAndTheSummaryOnly() {
        assertThat(ids(HtmlFixtures.inputs(HtmlFixtures.recording(false, false)))).containsExactly("run", "summary");
    }

    @Test
    void aDagRecordingAddsTheProfileTimelinesAndDelays() {
        assertThat(ids(HtmlFixtures.inputs(HtmlFixtures.recording(true, false))))
                .containsExactly("run", "summary", "profile", "timelines", "delays");
    }

    @Test
    void aSitesRecordingAddsTheSiteTable() {
        assertThat(ids(HtmlFixtures.inputs(HtmlFixtures.recording(false, true)))).containsExactly("run", "summary", "sites");
        assertThat(ids(HtmlFixtures.inputs(HtmlFixtures.recording(true, true))))
                .containsExactly("run", "summary", "profile", "timelines", "delays", "sites");
    }

    @Test
    void boundsChartsAppearWhenThereAreCurves() {
        ReportInputs in = HtmlFixtures.inputs(HtmlFixtures.recording(false, false));
        assertThat(new ScalingSection().applies(in)).isFalse();
    }

    @Test
    void theProgramsNamesNeverAppearAsMarkup() throws Exception {
        String page = HtmlFixtures.page(HtmlFixtures.inputs(HtmlFixtures.recording(true, true)));
        // the only script elements are the page's own: two data blocks and the two scripts
        assertThat(page).doesNotContain("<script>alert(1)");
        assertThat(page).doesNotContain(HtmlFixtures.XSS);
        assertThat(page).doesNotContain(HtmlFixtures.QUOTED_THREAD);
        assertThat(count(page, "<script")).isEqualTo(count(page, "</script>")).isEqualTo(4);
        assertThat(page).contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");   // as text
        assertThat(page).contains("pool \\\"A\\\" 'B' \\u003cw\\u003e");                      // as JSON data
    }

    @Test
    void thePolicyAllowsOnlyThePagesOwnScriptsAndStyles() throws Exception {
        String page = HtmlFixtures.page(HtmlFixtures.inputs(HtmlFixtures.recording(true, true)));
        Matcher csp = Pattern.compile("http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\"").matcher(page);
        assertThat(csp.find()).isTrue();
        String policy = csp.group(1).replace("&#39;", "'");
        assertThat(policy).startsWith("default-src 'none'; script-src 'sha256-").doesNotContain("unsafe", "http");
        List<String> hashes = new ArrayList<>();
        Matcher inline = Pattern.compile("<(script|style)>(.*?)</\\1>", Pattern.DOTALL).matcher(page);
        while (inline.find()) {
            hashes.add("'sha256-" + HtmlPage.sha256(inline.group(2)) + "'");
        }
        assertThat(hashes).hasSize(4);
        assertThat(policy).contains(hashes);
        assertThat(page).doesNotContain("src=\"http", "href=\"http");
    }

    @Test
    void theNumbersAreTheAnalysis() throws Exception {
        ReportInputs in = HtmlFixtures.inputs(HtmlFixtures.recording(true, false));
        String page = HtmlFixtures.page(in);
        assertThat(page).contains("data-key=\"work\" data-value=\"35000\">35,000<");
        assertThat(page).contains("data-key=\"parallelism\" data-value=\"1.4\">1.40<");
        assertThat(page).contains("data-key=\"no-work-sched\" data-value=\"" + Math.round(in.delays().breakdown().noWorkSched()));
        assertThat(page).contains("\"worker\":[0,1,0,0]", "\"delay\":[0,15,0,0]", "\"inBack\":[1,2,1,2]");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
