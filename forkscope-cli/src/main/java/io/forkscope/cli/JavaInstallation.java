package io.forkscope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JDK behind a {@code java} launcher and the machine's name: what the calibration cache is
 * keyed by. The JDK's version comes from its {@code release} file (JAVA_VERSION, the same string as
 * its {@code java.version} property), found by resolving the launcher's symbolic links.
 */
final class JavaInstallation {
    private JavaInstallation() {}

    /** @return the JDK's home and version for a launcher, as it is named on a command line */
    static Optional<Jdk> of(String launcher) {
        Optional<Path> path = resolve(launcher);
        if (path.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path home = path.get().toRealPath().getParent().getParent();
            Path release = home.resolve("release");
            if (!Files.isRegularFile(release)) {
                return Optional.empty();
            }
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "").trim();
                    return Optional.of(new Jdk(home, v, path.get()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown layout: no version
        }
        return Optional.empty();
    }

    /** @return the JDK running this CLI */
    static Jdk current() {
        Path home = Path.of(System.getProperty("java.home"));
        return new Jdk(home, System.getProperty("java.version"), home.resolve("bin").resolve("java"));
    }

    /** A JDK: its home, its java.version, and the launcher to run it by. */
    record Jdk(Path home, String version, Path launcher) {}

    /** @return the launcher's file: as given when it names a path, else found on PATH */
    static Optional<Path> resolve(String launcher) {
        if (launcher.contains("/")) {
            Path p = Path.of(launcher);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String pathEnv = System.getenv("PATH");
        if (pathEnv == null) {
            return Optional.empty();
        }
        for (String dir : pathEnv.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, launcher);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** @return this machine's host name: the kernel's, else the resolver's, else "localhost" */
    static String hostName() {
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                String h = Files.readString(kernel, StandardCharsets.UTF_8).trim();
                if (!h.isEmpty()) {
                    return h;
                }
            }
        } catch (IOException e) {
            // fall through
        }
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
