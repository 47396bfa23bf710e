package io.forkscope.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Long prose lines of a text report cut at spaces into lines of at most a width, the later ones
 * indented, so that a note reads in a terminal; a word longer than a line stays whole.
 */
public final class TextWrap {
    /** The width reports wrap their notes at. */
    public static final int WIDTH = 120;

    private TextWrap() {}

    /**
     * A report's line as it is printed: prose longer than {@link #WIDTH} (a warning, a note, a diagnosis
     * bullet) cut at spaces, its continuations indented past its own indent (and past a "- " bullet's
     * dash); any other line as it is. A line with two spaces in a row after its indent is a table row
     * (columns are two spaces apart), never cut.
     */
    public static List<String> prose(String line) {
        int lead = 0;
        while (lead < line.length() && line.charAt(lead) == ' ') {
            lead++;
        }
        if (line.length() <= WIDTH || line.indexOf("  ", lead) >= 0) {
            return List.of(line);
        }
        String indent = " ".repeat(lead) + (line.startsWith("- ", lead) ? "  " : "    ");
        return wrap(line, WIDTH, indent);
    }

    /** @return {@code line} as lines of at most {@code width} characters, every one but the first after {@code indent} */
    public static List<String> wrap(String line, int width, String indent) {
        List<String> out = new ArrayList<>();
        String rest = line;
        int lead = 0;                                // the indent's spaces are no place to cut
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= lead) {
                cut = rest.indexOf(' ', width);     // one word longer than a line: cut after it
                if (cut < 0) {
                    break;
                }
            }
            out.add(rest.substring(0, cut).stripTrailing());
            rest = indent + rest.substring(cut + 1).stripLeading();
            lead = indent.length();
        }
        out.add(rest);
        return out;
    }
}
