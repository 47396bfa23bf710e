package io.forkscope.report.html;

/**
 * One section of the HTML report. Adding a section is one class: implement this and list it in
 * {@link HtmlPage#SECTIONS}. The page gives each section that {@link #applies} a
 * {@code <section id=id()>} with {@link #title()} as its heading and a link in the page's contents.
 */
public interface HtmlSection {
    /** The section's anchor, also its element's id: lower case, no spaces. */
    String id();

    /** Its heading. */
    String title();

    /** @return whether the recording holds what the section shows */
    boolean applies(ReportInputs in);

    /** Writes the section's content (the page writes the heading). */
    void write(ReportInputs in, HtmlWriter out);
}
