package io.forkscope.cli;

import io.forkscope.model.Unit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs a command with the forkscope agent in every JVM it starts: {@code -javaagent} is put right
 * after the launcher when the command is {@code java} itself, and into {@code JAVA_TOOL_OPTIONS}
 * otherwise (scripts, build tools), in which case the JVM says "Picked up JAVA_TOOL_OPTIONS" on
 * stderr. Each JVM writes its own file: OUT, then OUT-PID.fsk for any further JVM.
 */
final class AgentLaunch {
    private final Path jar;
    private final Path out;
    private final Unit unit;
    private final Long burden;
    private final String burdenSource;
    private final Path calibration;
    private final List<String> extraOptions = new ArrayList<>();

    AgentLaunch(Path jar, Path out, Unit unit, Long burden, String burdenSource) {
        this(jar, out, unit, burden, burdenSource, null);
    }

    /** @param calibration a calibration file the agent takes the burden from (calibration=FILE), or null */
    AgentLaunch(Path jar, Path out, Unit unit, Long burden, String burdenSource, Path calibration) {
        this.jar = jar;
        this.out = out.toAbsolutePath();
        this.unit = unit;
        this.burden = burden;
        this.burdenSource = burdenSource;
        this.calibration = calibration;
    }

    /** Adds an agent option (key=value) to those this launch passes. */
    AgentLaunch option(String keyValue) {
        extraOptions.add(keyValue);
        return this;
    }

    String agentOption() {
        StringBuilder sb = new StringBuilder("-javaagent:").append(jar).append("=out=").append(out)
                .append(",unit=").append(unit.optionName());
        if (burden != null) {
            sb.append(",burden=").append(burden);
        }
        if (burdenSource != null) {
            sb.append(",burden.source=").append(burdenSource);
        }
        if (calibration != null) {
            sb.append(",calibration=").append(calibration);
        }
        for (String o : extraOptions) {
            sb.append(',').append(o);
        }
        return sb.toString();
    }

    /** Starts the command with inherited standard streams and returns its exit code. */
    int run(List<String> command) throws IOException, InterruptedException {
        if (out.toString().contains(",")) {
            throw new UserError(out + ": the recording's path must not contain a comma (agent options are comma-separated)");
        }
        List<String> cmd = new ArrayList<>(command);
        ProcessBuilder pb = new ProcessBuilder();
        if (isJavaLauncher(cmd.get(0))) {
            cmd.add(1, agentOption());
        } else {
            Map<String, String> env = pb.environment();
            String existing = env.getOrDefault("JAVA_TOOL_OPTIONS", "");
            env.put("JAVA_TOOL_OPTIONS", (existing + " " + agentOption()).trim());
        }
        pb.command(cmd).inheritIO();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UserError("cannot start '" + cmd.get(0) + "': " + e.getMessage());
        }
        Thread stopChild = new Thread(() -> {
            p.destroy();
            try {
                p.waitFor();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            return p.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /** @return OUT and every OUT-PID.fsk beside it, the files this launch's JVMs may have written */
    List<Path> recordings() throws IOException {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        List<Path> found = new ArrayList<>();
        if (Files.exists(out)) {
            found.add(out);
        }
        try (Stream<Path> siblings = Files.list(out.getParent())) {
            siblings.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(stem + "-") && n.endsWith(ext)
                        && n.substring(stem.length() + 1, n.length() - ext.length()).chars().allMatch(Character::isDigit);
            }).sorted().forEach(found::add);
        }
        return found;
    }

    static boolean isJavaLauncher(String program) {
        String name = Path.of(program).getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }
}
