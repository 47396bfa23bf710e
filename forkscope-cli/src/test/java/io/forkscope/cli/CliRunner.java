package io.forkscope.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the command line in this JVM and captures what it printed (the recorded child's output too). */
public final class CliRunner {
    public record Result(int exitCode, String out, String err) {}

    private CliRunner() {}

    public static synchronized Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new Result(code, out.toString(), err.toString());
    }
}
