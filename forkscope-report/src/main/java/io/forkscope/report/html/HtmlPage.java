package io.forkscope.report.html;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The HTML report: one self-contained page (its scripts, styles and data inlined; nothing loaded
 * when it is viewed) with the sections that apply to the recording, in {@link #SECTIONS}' order. A
 * Content-Security-Policy lets the page run only its own inline scripts and styles, by their SHA-256
 * hashes, and load nothing.
 */
public final class HtmlPage {
    /** Every section, in the page's order. */
    public static final List<HtmlSection> SECTIONS = List.of(new RunSection(), new SummarySection(),
            new ScalingSection(), new WhatIfSection(), new ProfileSection(), new TimelineSection(), new DelaysSection(), new CompareSection(),
            new SitesSection(), new ContextsSection());

    private final List<HtmlSection> sections;

    public HtmlPage() {
        this(SECTIONS);
    }

    HtmlPage(List<HtmlSection> sections) {
        this.sections = List.copyOf(sections);
    }

    /** @return the sections that apply to {@code in}, in order */
    public List<HtmlSection> applicable(ReportInputs in) {
        return sections.stream().filter(s -> s.applies(in)).toList();
    }

    public void write(ReportInputs in, Writer out) throws IOException {
        List<HtmlSection> shown = applicable(in);
        HtmlWriter body = new HtmlWriter();
        body.open("header").element("h1", "forkscope report: " + in.name());
        body.open("nav", "aria-label", "sections").open("ul");
        for (HtmlSection s : shown) {
            body.open("li").element("a", s.title(), "href", "#" + s.id()).close("li");
        }
        body.close("ul").close("nav").close("header").newline();
        body.open("main").newline();
        for (HtmlSection s : shown) {
            body.open("section", "id", s.id(), "aria-labelledby", s.id() + "-title");
            body.element("h2", s.title(), "id", s.id() + "-title").newline();
            s.write(in, body);
            body.close("section").newline();
        }
        body.close("main").newline();
        body.open("footer").text("Written by forkscope; charts by uPlot " + WebAssets.uplotVersion()
                + " (MIT licence). Everything is in this file: it loads nothing.").close("footer").newline();

        List<String> styles = List.of(WebAssets.uplotStyle(), WebAssets.reportStyle());
        List<String> scripts = List.of(WebAssets.uplotScript(), WebAssets.reportScript());
        StringBuilder page = new StringBuilder(body.html().length() + 200_000);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        page.append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(HtmlEscape.attribute(policy(styles, scripts))).append("\">\n");
        page.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        page.append("<title>").append(HtmlEscape.text("forkscope report: " + in.name())).append("</title>\n");
        for (String css : styles) {
            page.append("<style>").append(css).append("</style>\n");
        }
        page.append("</head>\n<body>\n").append(body.html());
        for (Map.Entry<String, String> d : body.dataBlocks().entrySet()) {
            // not run: a data block; its strings escape < > & so that it cannot end the element
            page.append("<script type=\"application/json\" id=\"")
                    .append(HtmlEscape.attribute("data-" + d.getKey())).append("\">").append(d.getValue())
                    .append("</script>\n");
        }
        for (String js : scripts) {
            page.append("<script>").append(js).append("</script>\n");
        }
        page.append("</body>\n</html>\n");
        out.write(page.toString());
        out.flush();
    }

    /**
     * The page's Content-Security-Policy: nothing from anywhere ({@code default-src 'none'}), but its
     * own inline scripts and styles, named by hash; images only as data URLs (the chart's download).
     */
    static String policy(List<String> styles, List<String> scripts) {
        List<String> s = new ArrayList<>();
        for (String js : scripts) {
            s.add("'sha256-" + sha256(js) + "'");
        }
        List<String> c = new ArrayList<>();
        for (String css : styles) {
            c.add("'sha256-" + sha256(css) + "'");
        }
        return "default-src 'none'; script-src " + String.join(" ", s) + "; style-src " + String.join(" ", c)
                + "; img-src data:; base-uri 'none'; form-action 'none'";
    }

    static String sha256(String text) {
        try {
            return Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
