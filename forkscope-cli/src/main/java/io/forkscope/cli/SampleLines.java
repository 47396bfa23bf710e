package io.forkscope.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * The bundled programs' runner ({@code SampleMain}) is also a program of its own, whose errors
 * read "error: ..." and "usage: SampleMain ..."; under {@code forkscope example} they read
 * "forkscope: ..." and "usage: forkscope example ...", as every forkscope error does. Its lines
 * are passed on one at a time, rewritten, to forkscope's streams.
 */
final class SampleLines {
    private static final String SAMPLE_ERROR = "error: ";
    private static final String SAMPLE_USAGE = "usage: SampleMain";

    private SampleLines() {}

    /** @return a line of the runner's stderr as forkscope example says it */
    static String rewrite(String line) {
        String l = line.replace(SAMPLE_USAGE, "usage: forkscope example");
        return l.startsWith(SAMPLE_ERROR) ? "forkscope: " + l.substring(SAMPLE_ERROR.length()) : l;
    }

    /** @return a stream that prints each complete line to {@code to}, rewritten by {@code how} */
    static PrintStream into(PrintWriter to, UnaryOperator<String> how) {
        return new PrintStream(new LineOutput(to, how), true, StandardCharsets.UTF_8);
    }

    /** Copies a child's stream to {@code to} line by line, rewritten, until it ends. */
    static void copy(InputStream from, PrintWriter to, Charset charset) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(from, charset))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                to.println(rewrite(line));
                to.flush();
            }
        }
    }

    /** Bytes in, whole lines out (UTF-8); a last line without a newline is printed on flush. */
    private static final class LineOutput extends OutputStream {
        private final PrintWriter to;
        private final UnaryOperator<String> how;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        LineOutput(PrintWriter to, UnaryOperator<String> how) {
            this.to = to;
            this.how = how;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                emit();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void flush() {
            to.flush();
        }

        @Override
        public synchronized void close() {
            if (line.size() > 0) {
                emit();
            }
            to.flush();
        }

        private void emit() {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            to.println(how.apply(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text));
        }
    }
}
