package io.forkscope.cli;

import io.forkscope.analysis.calibration.StealLatency;
import io.forkscope.analysis.calibration.StealLatencyAnalysis;
import io.forkscope.calibrate.StealLatencyBenchmark;
import io.forkscope.model.Calibration;
import io.forkscope.model.CalibrationFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the work-stealing microbenchmark ({@link StealLatencyBenchmark}) in a fresh JVM of the JDK
 * to calibrate, derives the burden ({@link StealLatencyAnalysis}) and keeps it in the cache
 * ({@link CalibrationFile}), one file per JDK version and host.
 */
final class Calibrator {
    static final int DEFAULT_FORKS = 5_000;
    static final int WARMUP_FORKS = 1_000;
    /** The most the measured forks may take; the warm-up gets a quarter of it. */
    static final int TIME_BUDGET_SECONDS = 8;

    /**
     * @return a warning when the machine is busy (its one-minute load average reaches its core
     *     count), so that a thief may wait for a core: latencies then measure the operating
     *     system's scheduler more than the pool; empty otherwise
     */
    static java.util.Optional<String> busyMachine() {
        try {
            String[] load = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim().split("\\s+");
            double oneMinute = Double.parseDouble(load[0]);
            int cores = Runtime.getRuntime().availableProcessors();
            if (oneMinute >= cores) {
                return java.util.Optional.of(String.format(java.util.Locale.ROOT, "the machine is busy (load average"
                        + " %.2f on %d cores): steals may wait for a free core, which inflates the latencies;"
                        + " calibrate again on a quiet machine", oneMinute, cores));
            }
        } catch (IOException | RuntimeException e) {
            // no load average on this system
        }
        return java.util.Optional.empty();
    }

    /**
     * @return a warning when the latencies spread widely: more than a tenth of the forks were not
     *     stolen in time, or the 90th percentile of create→child-start is over four times its
     *     median. Steals then sometimes wait for the thief to wake (a parked worker, a core busy
     *     with another process, or a virtual CPU its hypervisor has descheduled), and the median
     *     stands for only part of them. Empty otherwise.
     */
    static java.util.Optional<String> disturbed(StealLatency s) {
        if (s.stolen() < 0.9 * s.forks() || s.childStartP90Ns() > 4 * s.childStartMedianNs()) {
            return java.util.Optional.of(String.format(java.util.Locale.ROOT, "the latencies spread widely (%,d of %,d"
                    + " forks stolen in time; 90th percentile of create -> child start %.1f times its median): some"
                    + " steals wait for the thief to wake (a parked worker, a busy core, or a descheduled virtual"
                    + " CPU), so the burden, a median, stands for only part of them; calibrate again to compare",
                    s.stolen(), s.forks(), (double) s.childStartP90Ns() / Math.max(1, s.childStartMedianNs())));
        }
        return java.util.Optional.empty();
    }

    /** What a calibration produced: the analysis, the cached record and where it was cached. */
    record Result(StealLatency latency, Calibration calibration, Path file) {}

    private Calibrator() {}

    /** @return the cache file for a JDK on this machine */
    static Path cacheFile(JavaInstallation.Jdk jdk) {
        return CalibrationFile.cacheFile(CalibrationFile.cacheDirectory(), jdk.version(), JavaInstallation.hostName());
    }

    /** Refuses, before any measuring, a cache directory that cannot be made or written. */
    static void checkCache() {
        OutputPath.cacheDirectory(CalibrationFile.cacheDirectory(), "the calibration is cached there; set"
                + " XDG_CACHE_HOME to a directory forkscope may write");
    }

    /** Measures {@code jdk} with {@code forks} forks and writes its cache file. */
    static Result calibrate(JavaInstallation.Jdk jdk, int forks) throws IOException, InterruptedException {
        checkCache();
        try (TempDirectory temp = TempDirectory.create("forkscope-calibrate-")) {
            Path raw = temp.path().resolve("samples.txt");
            Path log = temp.path().resolve("benchmark.log");
            List<String> cmd = List.of(jdk.launcher().toString(), "-cp", SelfJar.path().toString(),
                    StealLatencyBenchmark.class.getName(), Integer.toString(forks), Integer.toString(WARMUP_FORKS),
                    Integer.toString(TIME_BUDGET_SECONDS), raw.toString());
            Process p;
            try {
                p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                throw new UserError("cannot start '" + jdk.launcher() + "': " + e.getMessage());
            }
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("the steal benchmark did not finish in 10 minutes");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("the steal benchmark failed with exit code " + p.exitValue() + ": "
                        + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
            Parsed parsed = parse(Files.readAllLines(raw, StandardCharsets.UTF_8));
            StealLatency s;
            try {
                s = StealLatencyAnalysis.analyze(parsed.forks, parsed.child, parsed.parent);
            } catch (IllegalArgumentException e) {
                throw new UserError("cannot calibrate: " + e.getMessage());
            }
            String host = JavaInstallation.hostName();
            Calibration c = new Calibration(s.burdenNs(), s.childStartMedianNs(), s.childStartP90Ns(),
                    s.parentResumeMedianNs(), s.parentResumeP90Ns(), s.forks(), s.stolen(), parsed.javaVersion,
                    parsed.javaHome, host, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            Path file = CalibrationFile.cacheFile(CalibrationFile.cacheDirectory(), parsed.javaVersion, host);
            CalibrationFile.write(file, c);
            return new Result(s, c, file);
        }
    }

    private record Parsed(String javaVersion, String javaHome, int forks, long[] child, long[] parent) {}

    private static Parsed parse(List<String> lines) {
        String version = "?";
        String home = "?";
        int forks = 0;
        List<long[]> samples = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(" ", 2);
            switch (f[0]) {
                case "java.version" -> version = f[1];
                case "java.home" -> home = f[1];
                case "forks" -> forks = Integer.parseInt(f[1]);
                case "stolen" -> { }
                default -> samples.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])});
            }
        }
        long[] child = new long[samples.size()];
        long[] parent = new long[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            child[i] = samples.get(i)[0];
            parent[i] = samples.get(i)[1];
        }
        return new Parsed(version, home, forks, child, parent);
    }
}
