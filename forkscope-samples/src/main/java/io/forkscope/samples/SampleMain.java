package io.forkscope.samples;

import java.io.PrintStream;
import java.util.List;

/**
 * Command-line runner.
 *
 * <pre>
 *   java -cp … io.forkscope.samples.SampleMain NAME [--n N] [--cutoff C] [--serial] [--workers P] [--repeat K] [--warmup W]
 *   java -cp … io.forkscope.samples.SampleMain --list
 * </pre>
 *
 * Exit codes: 0 correct result (one summary line on stdout), 1 wrong result or failure (one line
 * on stderr), 2 unknown program or bad option (one line on stderr).
 */
public final class SampleMain {
    static final String USAGE = "usage: SampleMain NAME [--n N] [--cutoff C] [--serial] [--workers P] [--repeat K] [--warmup W]"
            + " | --list";

    private SampleMain() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs as {@link #main} does, printing to System.out / System.err. @return the exit code */
    public static int run(String... args) {
        return run(System.out, System.err, args);
    }

    /** Runs as {@link #main} does, printing to the given streams. @return the exit code */
    public static int run(PrintStream out, PrintStream err, String... args) {
        return run(Samples.all(), out, err, args);
    }

    static int run(List<Sample> registry, PrintStream out, PrintStream err, String... args) {
        Parsed parsed;
        try {
            parsed = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + "; " + USAGE);
            return 2;
        }
        if (parsed.list) {
            for (Sample s : registry) {
                // a block per program, no line over LIST_WIDTH: its name and what it is, then its two options
                String pad = " ".repeat(LIST_INDENT);
                wrap(out, String.format("%-" + (LIST_INDENT - 1) + "s %s", s.name(), s.description()), pad);
                wrap(out, pad + "--n: " + s.sizeMeaning() + " (default " + s.defaultN() + ")", pad + "  ");
                wrap(out, pad + "--cutoff: " + s.cutoffMeaning() + " (default " + s.defaultCutoff() + ")", pad + "  ");
            }
            return 0;
        }
        Sample sample = registry.stream().filter(s -> s.name().equals(parsed.name)).findFirst().orElse(null);
        if (sample == null) {
            err.println("error: unknown program '" + parsed.name + "' (try --list)");
            return 2;
        }
        RunConfig config;
        try {
            config = new RunConfig(
                    parsed.n != null ? parsed.n : sample.defaultN(),
                    parsed.cutoff != null ? parsed.cutoff : sample.defaultCutoff(),
                    parsed.serial,
                    parsed.workers != null ? parsed.workers : RunConfig.defaultWorkers(),
                    parsed.repeat != null ? parsed.repeat : 1,
                    parsed.warmup != null ? parsed.warmup : 0);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        Outcome outcome;
        try {
            outcome = sample.run(config);
        } catch (IllegalArgumentException e) {
            err.println("error: " + sample.name() + ": " + e.getMessage());
            return 2;
        } catch (RuntimeException | Error e) { // e.g. OutOfMemoryError at a huge n
            err.println("error: " + sample.name() + " failed: " + e);
            return 1;
        }
        if (!outcome.correct()) {
            err.println(outcome.line());
            return 1;
        }
        out.println(outcome.line());
        return 0;
    }

    private static final class Parsed {
        String name;
        boolean list;
        boolean serial;
        Integer n;
        Integer cutoff;
        Integer workers;
        Integer repeat;
        Integer warmup;
    }


    /** The widest line of {@code --list}, and where a program's text starts. */
    static final int LIST_WIDTH = 100;
    static final int LIST_INDENT = 17;

    /** Prints {@code text} cut at spaces into lines of at most {@link #LIST_WIDTH}, the later ones after {@code indent}. */
    private static void wrap(PrintStream out, String text, String indent) {
        String rest = text;
        while (rest.length() > LIST_WIDTH) {
            int cut = rest.lastIndexOf(' ', LIST_WIDTH);
            if (cut <= indent.length()) {
                break;               // one word longer than a line: printed whole
            }
            out.println(rest.substring(0, cut));
            rest = indent + rest.substring(cut + 1);
        }
        out.println(rest);
    }

    private static Parsed parse(String[] args) {
        Parsed p = new Parsed();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg) {
                case "--list":
                case "--serial":
                    if (value != null) {
                        throw new IllegalArgumentException("option " + arg + " takes no value");
                    }
                    p.list |= arg.equals("--list");
                    p.serial |= arg.equals("--serial");
                    break;
                case "--n":
                case "--cutoff":
                case "--workers":
                case "--repeat":
                case "--warmup":
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("option " + arg + " needs a value");
                        }
                        value = args[++i];
                    }
                    int v = parseInt(arg, value);
                    switch (arg) {
                        case "--n": p.n = v; break;
                        case "--cutoff": p.cutoff = v; break;
                        case "--workers": p.workers = v; break;
                        case "--warmup": p.warmup = v; break;
                        default: p.repeat = v; break;
                    }
                    break;
                default:
                    if (arg.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option '" + args[i] + "'");
                    }
                    if (p.name != null) {
                        throw new IllegalArgumentException("more than one program name: '" + p.name
                                + "' and '" + arg + "'");
                    }
                    p.name = arg;
            }
        }
        if (!p.list && p.name == null) {
            throw new IllegalArgumentException("no program name");
        }
        if (p.list && p.name != null) {
            throw new IllegalArgumentException("--list takes no program name");
        }
        return p;
    }

    private static int parseInt(String option, String value) {
        try {
            return Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad value for " + option + ": '" + value + "'");
        }
    }
}
