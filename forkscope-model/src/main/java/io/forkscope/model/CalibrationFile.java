package io.forkscope.model;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * The calibration cache: one Java properties file per machine and JDK, written by
 * {@code forkscope calibrate} and read by {@code record --burden-ns auto} and by the agent's
 * {@code calibration=FILE} option. Keys: {@code burden.ns}, {@code child.start.median.ns},
 * {@code child.start.p90.ns}, {@code parent.resume.median.ns}, {@code parent.resume.p90.ns},
 * {@code forks}, {@code stolen}, {@code java.version}, {@code java.home}, {@code host}, {@code date}.
 *
 * <p>Its place: {@code $XDG_CACHE_HOME/forkscope} (default {@code ~/.cache/forkscope}),
 * {@code calibration-<java.version>-<host>.properties}.
 */
public final class CalibrationFile {
    private CalibrationFile() {}

    /** @return the directory of the cache, from XDG_CACHE_HOME or the user's home */
    public static Path cacheDirectory(String xdgCacheHome, String userHome) {
        Path base = xdgCacheHome != null && !xdgCacheHome.isBlank() ? Path.of(xdgCacheHome)
                : Path.of(userHome, ".cache");
        return base.resolve("forkscope");
    }

    /** @return this process's cache directory */
    public static Path cacheDirectory() {
        return cacheDirectory(System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"));
    }

    /** @return the cache file for a JDK version on a host; characters unsafe in file names become '_' */
    public static Path cacheFile(Path directory, String javaVersion, String host) {
        return directory.resolve("calibration-" + safe(javaVersion) + "-" + safe(host) + ".properties");
    }

    public static Calibration read(Path file) throws RecordingException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RecordingException(file + ": no such calibration file (run forkscope calibrate)");
        } catch (IOException e) {
            throw new RecordingException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(new StringReader(text), file.toString());
    }

    static Calibration parse(Reader text, String name) throws RecordingException {
        Properties p = new Properties();
        try {
            p.load(text);
        } catch (IOException | IllegalArgumentException e) {
            throw new RecordingException(name + ": not a calibration file (" + e.getMessage() + ")");
        }
        try {
            return new Calibration(number(p, "burden.ns", name), number(p, "child.start.median.ns", name),
                    number(p, "child.start.p90.ns", name), number(p, "parent.resume.median.ns", name),
                    number(p, "parent.resume.p90.ns", name), (int) number(p, "forks", name),
                    (int) number(p, "stolen", name), p.getProperty("java.version", "?"),
                    p.getProperty("java.home", "?"), p.getProperty("host", "?"), p.getProperty("date", "?"));
        } catch (IllegalArgumentException e) {
            throw new RecordingException(name + ": damaged calibration file (" + e.getMessage() + ")");
        }
    }

    /** Writes the file atomically (a temporary file renamed over it), creating its directory. */
    public static void write(Path file, Calibration c) throws IOException {
        Properties p = new Properties();
        p.setProperty("burden.ns", Long.toString(c.burdenNs()));
        p.setProperty("child.start.median.ns", Long.toString(c.childStartMedianNs()));
        p.setProperty("child.start.p90.ns", Long.toString(c.childStartP90Ns()));
        p.setProperty("parent.resume.median.ns", Long.toString(c.parentResumeMedianNs()));
        p.setProperty("parent.resume.p90.ns", Long.toString(c.parentResumeP90Ns()));
        p.setProperty("forks", Integer.toString(c.forks()));
        p.setProperty("stolen", Integer.toString(c.stolen()));
        p.setProperty("java.version", c.javaVersion());
        p.setProperty("java.home", c.javaHome());
        p.setProperty("host", c.host());
        p.setProperty("date", c.date());
        StringWriter out = new StringWriter();
        p.store(out, "forkscope calibrate: work-stealing latency and the burden derived from it");
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".calibration", ".tmp");
        try {
            Files.writeString(tmp, out.toString(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static long number(Properties p, String key, String name) throws RecordingException {
        String v = p.getProperty(key);
        if (v == null) {
            throw new RecordingException(name + ": not a calibration file (no " + key + ")");
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new RecordingException(name + ": damaged calibration file (" + key + " = '" + v + "')");
        }
    }

    private static String safe(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            b.append(Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' ? c : '_');
        }
        return b.length() == 0 ? "unknown" : b.toString();
    }
}
