package io.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class TextWrapTest {
    @Test
    void aLongNoteIsCutAtSpacesAndItsContinuationsIndented() {
        List<String> lines = TextWrap.wrap("note: one two three four five six", 14, "  ");
        assertThat(lines).containsExactly("note: one two", "  three four", "  five six");
    }

    @Test
    void aShortLineAndAWordLongerThanALineStayWhole() {
        assertThat(TextWrap.wrap("short", 14, "  ")).containsExactly("short");
        assertThat(TextWrap.wrap("a averyveryverylongword b", 10, "  ")).containsExactly("a", "  averyveryverylongword",
                "  b");
    }

    /** Issue 22: warnings and diagnoses of 266-347 characters; table rows are never cut. */
    @Test
    void proseIsCutPastItsIndentAndBulletButTableRowsStay() {
        String bullet = "    - " + "word ".repeat(40).strip();
        List<String> lines = TextWrap.prose(bullet);
        assertThat(lines).hasSizeGreaterThan(1).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(TextWrap.WIDTH));
        assertThat(lines.get(0)).startsWith("    - word");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("      word"));
        String warning = "warning: " + "word ".repeat(40).strip();
        assertThat(TextWrap.prose(warning).get(1)).startsWith("    word");
        String row = "  " + "cell  ".repeat(30).strip();
        assertThat(TextWrap.prose(row)).containsExactly(row);
        assertThat(TextWrap.prose("short")).containsExactly("short");
    }

    /** No line over the width unless it is one word, and the words come back in order. */
    @Property(tries = 2000)
    void theWordsComeBackInOrderInLinesThatFit(@ForAll @StringLength(max = 400) String text,
                                               @ForAll @IntRange(min = 8, max = 120) int width) {
        String line = text.replaceAll("\\s+", " ").strip();
        List<String> lines = TextWrap.wrap(line, width, "  ");
        assertThat(String.join(" ", lines.stream().map(String::strip).toList()).replaceAll(" +", " "))
                .isEqualTo(line.replaceAll(" +", " "));
        for (String l : lines) {
            assertThat(l.length() <= width || !l.strip().contains(" ")).as("%s of %s", l, lines).isTrue();
        }
    }
}
