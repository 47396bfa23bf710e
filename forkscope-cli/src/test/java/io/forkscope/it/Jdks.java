package io.forkscope.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDKs the integration tests run recorded programs on: the one running the tests, plus every
 * other one named in FORKSCOPE_TEST_JDKS (java.home directories, separated by ':') or found at the
 * machine's Temurin 25 location. forkscope must work on JDK 17 and JDK 25.
 */
final class Jdks {
    private static final String TEMURIN_25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

    private Jdks() {}

    static List<String> javas() {
        List<String> javas = new ArrayList<>();
        javas.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String extra = System.getenv("FORKSCOPE_TEST_JDKS");
        List<String> homes = new ArrayList<>();
        if (extra != null && !extra.isBlank()) {
            homes.addAll(List.of(extra.split(":")));
        } else {
            homes.add(TEMURIN_25);
        }
        for (String home : homes) {
            Path java = Path.of(home, "bin", "java");
            if (Files.isExecutable(java) && !javas.contains(java.toString())
                    && !Path.of(home).toAbsolutePath().normalize()
                            .equals(Path.of(System.getProperty("java.home")).toAbsolutePath().normalize())) {
                javas.add(java.toString());
            }
        }
        return javas;
    }
}
