package io.forkscope.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a trace's size leaves to open it with. The viewers hold much less than {@code export} can write
 * (docs/reading.md, "Traces of large DAGs"): chrome://tracing some 256 MB of JSON; Perfetto UI what the
 * browser gives a tab, typically 2 GB, where a trace takes two to four times its size
 * (perfetto.dev/docs/visualization/large-traces), so some 512 MB of JSON; past that, Perfetto's native
 * accelerator ({@code trace_processor --httpd}), which the UI finds by itself, or a smaller trace.
 */
final class TraceViewerFit {
    /** The most JSON chrome://tracing opens. */
    static final long CHROME_TRACING = 256L << 20;
    /** The most JSON Perfetto UI holds in a browser tab of some 2 GB. */
    static final long PERFETTO_IN_BROWSER = 512L << 20;

    private TraceViewerFit() {}

    /**
     * @param jsonBytes the trace's JSON, before any gzip
     * @param args      whether its slices have their args (--no-args not given)
     * @param counters  whether it has the counters (--no-counters not given)
     * @return one line for the user when a viewer will not hold the trace, else empty
     */
    static Optional<String> advice(long jsonBytes, boolean args, boolean counters, Path out) {
        String size = String.format(Locale.ROOT, "%,.0f MB of JSON", jsonBytes / 1e6);
        if (jsonBytes > PERFETTO_IN_BROWSER) {
            List<String> less = new ArrayList<>();
            if (args) {
                less.add("--no-args");
            }
            if (counters) {
                less.add("--no-counters");
            }
            return Optional.of("forkscope export: " + size + " is more than Perfetto UI holds in a browser tab (some"
                    + " 2 GB, where a trace takes 2-4 times its size): open it through Perfetto's native accelerator,"
                    + " trace_processor --httpd " + out + ", which ui.perfetto.dev finds by itself"
                    + (less.isEmpty() ? "" : ", or export a smaller trace with " + String.join(" ", less))
                    + " (docs/reading.md, \"Traces of large DAGs\")");
        }
        if (jsonBytes > CHROME_TRACING) {
            return Optional.of("forkscope export: " + size + " is more than chrome://tracing opens (some 256 MB):"
                    + " open it in https://ui.perfetto.dev");
        }
        return Optional.empty();
    }
}
