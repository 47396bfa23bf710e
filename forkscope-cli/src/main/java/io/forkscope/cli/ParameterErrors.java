package io.forkscope.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Plain one-line words for the command lines picocli refuses: an unknown command (with the nearest
 * one), an argument a command does not take, options that exclude each other. Anything else keeps
 * picocli's own message, folded onto one line.
 */
final class ParameterErrors {
    private static final Pattern OPTION = Pattern.compile("--?[A-Za-z][\\w-]*");

    private ParameterErrors() {}

    /** @return the message, without the "forkscope: " prefix and the help hint */
    static String describe(ParameterException ex) {
        CommandLine cl = ex.getCommandLine();
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            if (cl.getParent() == null && !arg.startsWith("-")) {
                return "unknown command '" + arg + "'" + nearest(arg, commands(cl)).map(n -> "; did you mean '" + n + "'?")
                        .orElse("; the commands are " + String.join(", ", commands(cl)));
            }
            if (!arg.startsWith("-")) {
                return "unexpected argument '" + arg + "'" + (positionals(cl) > 0
                        ? ": " + cl.getCommandName() + " takes " + positionalsLabel(cl) : "");
            }
        }
        if (ex instanceof MutuallyExclusiveArgsException) {
            List<String> names = new ArrayList<>();
            Matcher m = OPTION.matcher(ex.getMessage());
            while (m.find()) {
                if (!names.contains(m.group())) {
                    names.add(m.group());
                }
            }
            if (names.size() >= 2) {
                return String.join(" and ", names) + " cannot be used together: choose one";
            }
        }
        return oneLine(ex.getMessage());
    }

    /** @return the known name closest to {@code word} by edit distance, when it is close enough to be a typo */
    static Optional<String> nearest(String word, List<String> names) {
        String w = word.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(n -> n.startsWith(w) || distance(w, n) <= Math.max(2, n.length() / 3))
                .min(Comparator.comparingInt((String n) -> n.startsWith(w) ? 0 : distance(w, n)));
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(substitute, Math.min(previous[j], row[j - 1]) + 1);
            }
            int[] t = previous;
            previous = row;
            row = t;
        }
        return previous[b.length()];
    }

    private static List<String> commands(CommandLine cl) {
        return cl.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList();
    }

    private static int positionals(CommandLine cl) {
        return cl.getCommandSpec().positionalParameters().size();
    }

    private static String positionalsLabel(CommandLine cl) {
        List<String> labels = cl.getCommandSpec().positionalParameters().stream()
                .map(p -> p.paramLabel() + (p.arity().max() > 1 ? " ..." : "")).toList();
        return String.join(" ", labels);
    }

    /** picocli's messages may span lines (a list of candidates); forkscope's errors are one line. */
    static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
