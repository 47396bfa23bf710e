package io.forkscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where forkscope.jar is: the jar this CLI runs from, or the {@code forkscope.jar} system property. */
final class SelfJar {
    private SelfJar() {}

    static Path path() {
        String override = System.getProperty("forkscope.jar");
        if (override != null && !override.isBlank()) {
            return Path.of(override).toAbsolutePath();
        }
        try {
            Path p = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(p)) {
                return p.toAbsolutePath();
            }
        } catch (Exception e) {
            // fall through
        }
        throw new IllegalStateException("cannot find forkscope.jar (run the CLI from the jar, or set -Dforkscope.jar)");
    }

    /** @return the java launcher of the JVM running this CLI */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
