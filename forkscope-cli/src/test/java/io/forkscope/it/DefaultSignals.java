package io.forkscope.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process started with a signal ignored (a background job of a non-interactive shell ignores
 * SIGINT, a nohup'd build SIGHUP) passes that on to its children, and a JVM that starts with a
 * signal ignored keeps ignoring it. Tests that send a signal start their child through coreutils'
 * {@code env --default-signal=...} (9.0+), which restores the default dispositions first; where that
 * is missing they check the child's ignored signals and skip with the reason.
 */
final class DefaultSignals {
    private DefaultSignals() {}

    /** @return {@code command} run with the given signals (e.g. "INT", "HUP") at their default, where env can */
    static List<String> restoring(List<String> command, String... signals) throws Exception {
        Path env = Path.of("/usr/bin/env");
        String option = "--default-signal=" + String.join(",", signals);
        List<String> out = new ArrayList<>();
        if (Files.isExecutable(env)) {
            Process probe = new ProcessBuilder(env.toString(), option, "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0) {
                out.add(env.toString());
                out.add(option);
            }
        }
        out.addAll(command);
        return out;
    }
}
