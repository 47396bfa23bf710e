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
 * stderr. Each JVM writes its own file: OUT, then OUT-PID.fsk for any further JVM. Further JVM
 * options ({@link #jvmOption}) go where the agent goes; a prefix ({@link #prefix}, e.g. taskset)
 * runs the command.
 */
final class AgentLaunch {
    private final Path jar;
    private final Path out;
    private final Unit unit;
    private final Long burden;
    private final String burdenSource;
    private final Path calibration;
    private final List<String> extraOptions = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> prefix = new ArrayList<>();

    /** A launch that passes the agent only out=OUT and the options added with {@link #option}. */
    AgentLaunch(Path jar, Path out) {
        this(jar, out, null, null, null, null);
    }

    AgentLaunch(Path jar, Path out, Unit unit, Long burden, String burdenSource) {
        this(jar, out, unit, burden, burdenSource, null);
    }

    /**
     * @param unit        the strand length unit, or null for the agent's default
     * @param calibration a calibration file the agent takes the burden from (calibration=FILE), or null */
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

    /** Adds a JVM option (such as -Dname=value), given to each JVM along with the agent. */
    AgentLaunch jvmOption(String option) {
        jvmOptions.add(option);
        return this;
    }

    /** Runs the command through a wrapper command, such as taskset -c 0-1. */
    AgentLaunch prefix(List<String> wrapper) {
        prefix.addAll(wrapper);
        return this;
    }

    String agentOption() {
        StringBuilder sb = new StringBuilder("-javaagent:").append(jar).append("=out=").append(out);
        if (unit != null) {
            sb.append(",unit=").append(unit.optionName());
        }
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

    /**
     * @return the command with the agent, its JVM options and the prefix, ready to start: standard
     *     streams not yet redirected
     */
    ProcessBuilder processBuilder(List<String> command) {
        checkAgentPath(out, "the recording's path");
        List<String> cmd = new ArrayList<>(command);
        ProcessBuilder pb = new ProcessBuilder();
        List<String> forJvm = new ArrayList<>();
        forJvm.add(agentOption());
        forJvm.addAll(jvmOptions);
        if (isJavaLauncher(cmd.get(0))) {
            cmd.addAll(1, forJvm);
        } else {
            Map<String, String> env = pb.environment();
            String existing = env.getOrDefault("JAVA_TOOL_OPTIONS", "");
            env.put("JAVA_TOOL_OPTIONS", (existing + " " + String.join(" ", forJvm)).trim());
        }
        cmd.addAll(0, prefix);
        return pb.command(cmd);
    }

    /** Refuses a path the agent's comma-separated options cannot carry. */
    static void checkAgentPath(Path path, String what) {
        if (path.toString().contains(",")) {
            throw new UserError(path + ": " + what + " must not contain a comma (agent options are comma-separated)");
        }
    }

    /** @return the started process; a command that cannot start is a user error naming its program */
    static Process start(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UserError("cannot start '" + pb.command().get(0) + "': " + startFailure(e));
        }
    }

    /**
     * @return why a program did not start, in the words {@code bench} uses: Java's message reads
     *     "Cannot run program "x" (in directory "d"): error=2, No such file or directory"
     */
    static String startFailure(IOException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("error=2,")) {
            return "no such program";
        }
        if (m.contains("error=13,")) {
            return "not executable (permission denied)";
        }
        int errno = m.indexOf("error=");
        int comma = errno < 0 ? -1 : m.indexOf(',', errno);
        return comma < 0 ? m : m.substring(comma + 1).strip();
    }

    /** Starts the command with inherited standard streams and returns its exit code. */
    int run(List<String> command) throws IOException, InterruptedException {
        return await(start(processBuilder(command).inheritIO()));
    }

    /**
     * As {@link #run(List)}, and {@code ended} gets the command's exit code once, after it ended:
     * from this thread, or, when this JVM is being stopped (Ctrl-C, SIGTERM), from the shutdown hook
     * that stops the command, before this JVM exits.
     */
    int run(List<String> command, java.util.function.IntConsumer ended) throws IOException, InterruptedException {
        Once once = new Once(ended);
        int exit = await(start(processBuilder(command).inheritIO()), once);
        once.accept(exit);
        return exit;
    }

    /** Waits for a started command, which is stopped if this JVM is stopped first; @return its exit code */
    static int await(Process p) throws InterruptedException {
        return await(p, exit -> { });
    }

    /**
     * As {@link #await(Process)}; when this JVM is stopped first, its shutdown hook stops the
     * command, waits for it to end and hands its exit code to {@code stopped} before the JVM exits.
     */
    static int await(Process p, java.util.function.IntConsumer stopped) throws InterruptedException {
        Thread stopChild = new Thread(() -> {
            p.destroy();
            try {
                stopped.accept(p.waitFor());
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

    /**
     * Runs an exit-code consumer once, whichever thread comes first; a second caller waits until the
     * first has finished (a shutdown hook must not let the JVM exit while the main thread is still
     * printing).
     */
    private static final class Once implements java.util.function.IntConsumer {
        private final java.util.function.IntConsumer action;
        private boolean done;

        Once(java.util.function.IntConsumer action) {
            this.action = action;
        }

        @Override
        public synchronized void accept(int exit) {
            if (!done) {
                done = true;
                action.accept(exit);
            }
        }
    }

    /** @return OUT, then every OUT-PID.fsk beside it in name order: the files this launch's JVMs wrote */
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
