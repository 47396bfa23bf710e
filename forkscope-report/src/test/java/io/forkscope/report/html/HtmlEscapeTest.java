package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class HtmlEscapeTest {
    @Test
    void textEscapesMarkup() {
        assertThat(HtmlEscape.text(HtmlFixtures.XSS))
                .isEqualTo("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(HtmlEscape.text("a & b\nc")).isEqualTo("a &amp; b?c");
    }

    @Test
    void attributeEscapesQuotesToo() {
        assertThat(HtmlEscape.attribute(HtmlFixtures.QUOTED_THREAD)).isEqualTo("pool &quot;A&quot; &#39;B&#39; &lt;w&gt;");
        assertThat(HtmlEscape.attribute("`x`")).isEqualTo("&#96;x&#96;");
    }

    @Test
    void jsonStringCannotEndTheScriptElementAndReadsBackTheSame() throws Exception {
        String nasty = HtmlFixtures.XSS + " <!-- & \u2028\u2029 \"q\" \\ \n\t\u0001 \ud83d\ude00";
        String json = HtmlEscape.jsonString(nasty);
        assertThat(json).doesNotContain("<", ">", "&", "\u2028", "\u2029");
        assertThat(json).contains("\\u003c/script\\u003e", "\\u2028", "\\u2029", "\\\"q\\\"");
        assertThat(new ObjectMapper().readValue(json, String.class)).isEqualTo(nasty);
    }

    @Test
    void loneSurrogatesAreEscaped() {
        assertThat(HtmlEscape.jsonString("a\ud800b")).isEqualTo("\"a\\ud800b\"");
    }

    @Test
    void columnsAreCompactJson() throws Exception {
        String json = new JsonColumns().ints("w", new int[] {0, 1}).longs("s", new long[] {5, 123456789012L})
                .doubles("x", new double[] {1.5, 2.0, Double.NaN, 0.1234567}, 3)
                .strings("names", java.util.List.of(HtmlFixtures.XSS)).toString();
        assertThat(json).isEqualTo("{\"w\":[0,1],\"s\":[5,123456789012],\"x\":[1.5,2,null,0.123],"
                + "\"names\":[\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\"]}");
        assertThat(new ObjectMapper().readTree(json).get("names").get(0).asText()).isEqualTo(HtmlFixtures.XSS);
    }
}
