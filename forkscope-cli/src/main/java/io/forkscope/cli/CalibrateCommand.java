package io.forkscope.cli;

import io.forkscope.calibrate.StealLatencyBenchmark;
import io.forkscope.report.calibration.CalibrationText;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Measures this machine's work-stealing latency on ForkJoinPool and the burden it implies.",
    "A parent forks one child that the other worker steals (Delay Spotter's microbenchmark); the burden is cached for"
        + " record --burden-ns auto.",
    "Example: forkscope calibrate --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java"})
final class CalibrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "" + Calibrator.DEFAULT_FORKS,
            description = "measured forks, after " + Calibrator.WARMUP_FORKS + " warm-up ones; at most "
                    + Calibrator.TIME_BUDGET_SECONDS + " s of them (default: ${DEFAULT-VALUE})")
    int forks;

    @Option(names = "--java", paramLabel = "LAUNCHER",
            description = "the java launcher of the JDK to calibrate (default: the one running forkscope)")
    String java;

    @Override
    public Integer call() throws Exception {
        if (forks < 1) {
            throw new UserError("--forks must be at least 1");
        }
        JavaInstallation.Jdk jdk = jdk(java);
        Calibrator.checkCache();
        if (Runtime.getRuntime().availableProcessors() < StealLatencyBenchmark.WORKERS) {
            spec.commandLine().getErr().println("forkscope: warning: only one core; the thief shares it with the"
                    + " parent, so steals measure the operating system's scheduler, not the pool");
        }
        spec.commandLine().getErr().println("forkscope calibrate: " + forks + " forks on Java " + jdk.version()
                + " (" + jdk.home() + ")...");
        Calibrator.busyMachine().ifPresent(w -> spec.commandLine().getErr().println("forkscope: warning: " + w));
        Calibrator.Result r = Calibrator.calibrate(jdk, forks);
        PrintWriter out = spec.commandLine().getOut();
        CalibrationText.write(r.latency(), "Java " + r.calibration().javaVersion() + ", " + r.calibration().javaHome(),
                StealLatencyBenchmark.WORKERS, r.file().toString(), out);
        Calibrator.disturbed(r.latency()).ifPresent(w -> spec.commandLine().getErr().println("forkscope: warning: " + w));
        return 0;
    }

    /** @return the JDK of a launcher given on the command line, or the one running forkscope */
    static JavaInstallation.Jdk jdk(String launcher) {
        if (launcher == null) {
            return JavaInstallation.current();
        }
        return JavaInstallation.of(launcher).orElseThrow(() -> new UserError(launcher
                + ": not a java launcher of a JDK forkscope can identify (no executable, or no 'release' file in its home)"));
    }
}
