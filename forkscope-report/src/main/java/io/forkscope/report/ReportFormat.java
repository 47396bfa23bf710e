package io.forkscope.report;

import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.model.Recording;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * One output format of the scalability analysis. A format writes the analysis of a recording to
 * a writer the caller owns: it flushes the writer but never closes it. Lines end with '\n'.
 */
public interface ReportFormat {
    /**
     * @param report the analysis of {@code rec}
     * @param rec    the recording, for what the analysis does not carry (burden, workers, warnings)
     * @param out    where to write; flushed, not closed
     */
    void write(ScalabilityReport report, Recording rec, Writer out) throws IOException;

    /** @return the names {@link #named} accepts */
    static List<String> names() {
        return List.of("text", "json", "csv");
    }

    /** @return the format called {@code name}: "text", "json" or "csv" */
    static ReportFormat named(String name) {
        return switch (name) {
            case "text" -> new TextReport();
            case "json" -> new JsonReport();
            case "csv" -> new CsvReport();
            default -> throw new IllegalArgumentException(
                    "unknown report format '" + name + "' (expected one of " + String.join(", ", names()) + ")");
        };
    }
}
