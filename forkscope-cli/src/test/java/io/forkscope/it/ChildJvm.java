package io.forkscope.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a test program in a fresh JVM, with or without the agent, and captures what it did. */
final class ChildJvm {
    record Result(int exitCode, String stdout, String stderr) {
        /**
         * stderr without the JVM's own notice that appending to the boot class path disables CDS,
         * which the agent causes only where it cannot define its boot classes directly (AgentJarIT
         * checks that it does not on the JDKs tested).
         */
        String programStderr() {
            return stderr.lines().filter(l -> !l.contains("Sharing is only supported for boot loader classes"))
                    .reduce("", (a, b) -> a + b + "\n");
        }
    }

    static Path jar() {
        String jar = System.getProperty("forkscope.jar");
        if (jar == null) {
            throw new IllegalStateException("forkscope.jar system property not set (run through failsafe)");
        }
        return Path.of(jar);
    }

    static Path testClasses() {
        return Path.of("target", "test-classes").toAbsolutePath();
    }

    static List<String> command(String launcher, String agentOptions, List<String> jvmArgs, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launcher);
        if (agentOptions != null) {
            cmd.add("-javaagent:" + jar() + "=" + agentOptions);
        }
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(testClasses() + File.pathSeparator + jar());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    static Result run(List<String> cmd, Path workDir) throws IOException, InterruptedException {
        Path out = Files.createTempFile("child-out", ".txt");
        Path err = Files.createTempFile("child-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("child JVM did not finish in 120 s: " + cmd);
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
