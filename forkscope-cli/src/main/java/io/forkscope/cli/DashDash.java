package io.forkscope.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code record}, {@code bench} and {@code sweep} run a command given after {@code --}. Without the {@code --},
 * the command's own options are taken for forkscope's ({@code -o}, {@code -p}) or refused as
 * unknown ({@code -cp}), so a command not preceded by it is refused with the right way to write it.
 */
final class DashDash {
    /** What each command that runs a program does with it, for the message. */
    private static final Map<String, String> VERBS = Map.of("record", "record", "bench", "benchmark", "sweep", "sweep");

    private DashDash() {}

    /** Refuses a command line whose COMMAND did not all come after {@code --}. */
    static void require(CommandSpec spec, List<String> command) {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        int dashes = args.indexOf("--");
        if (dashes < 0 || !args.subList(dashes + 1, args.size()).equals(command)) {
            throw new UserError(message(spec.name(), command.get(0)));
        }
    }

    /**
     * @return for a command line picocli could not parse, the hint to put {@code --} before the
     *     program when the command runs one and none was given, else empty
     */
    static Optional<String> hint(CommandLine cl, String[] args) {
        CommandSpec spec = cl.getCommandSpec();
        if (!VERBS.containsKey(spec.name()) || Arrays.asList(args).contains("--")) {
            return Optional.empty();
        }
        int i = Arrays.asList(args).indexOf(spec.name());
        if (i < 0) {
            return Optional.empty();
        }
        for (i++; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                return Optional.of(message(spec.name(), a));
            }
            OptionSpec o = spec.findOption(a.contains("=") ? a.substring(0, a.indexOf('=')) : a);
            if (o == null) {
                return Optional.empty(); // an unknown option before any program: picocli's message says it
            }
            if (!a.contains("=") && o.arity().max() > 0) {
                i++; // its value
            }
        }
        return Optional.empty();
    }

    static String message(String command, String program) {
        return "put -- before the command to " + VERBS.getOrDefault(command, "run") + ": forkscope " + command
                + " [options] -- " + program + " ...";
    }
}
