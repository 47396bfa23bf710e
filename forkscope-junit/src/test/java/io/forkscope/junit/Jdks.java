package io.forkscope.junit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDKs the end-to-end test runs on: the one running the tests, plus the java.home directories
 * in FORKSCOPE_TEST_JDKS (separated by ':') or else the machine's Temurin 25 (as forkscope-cli's ITs).
 */
final class Jdks {
    private static final String TEMURIN_25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

    private Jdks() {}

    static List<String> javas() {
        List<String> javas = new ArrayList<>();
        Path own = Path.of(System.getProperty("java.home")).toAbsolutePath().normalize();
        javas.add(own.resolve("bin").resolve("java").toString());
        String extra = System.getenv("FORKSCOPE_TEST_JDKS");
        List<String> homes = extra != null && !extra.isBlank() ? List.of(extra.split(":")) : List.of(TEMURIN_25);
        for (String home : homes) {
            Path java = Path.of(home, "bin", "java");
            if (Files.isExecutable(java) && !Path.of(home).toAbsolutePath().normalize().equals(own)
                    && !javas.contains(java.toString())) {
                javas.add(java.toString());
            }
        }
        return javas;
    }
}
