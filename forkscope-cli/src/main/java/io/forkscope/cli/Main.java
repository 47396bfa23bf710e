package io.forkscope.cli;

import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code forkscope}: the command line. The same jar is the Java agent ({@code -javaagent}).
 * Exit codes: 0 done, 1 the analysed program or an internal step failed, 2 bad input.
 */
@Command(name = "forkscope", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Scalability analyzer and profiler for Java fork/join programs.")
public final class Main implements java.util.concurrent.Callable<Integer> {
    public static final int USER_ERROR = 2;

    /**
     * The subcommands, in the order the usage lists them. Picocli reflects over a command's options
     * when the command is added (some 150 ms for all of them, on every run), so {@link #run} adds
     * only the one the arguments name, and all of them for anything else (the usage, {@code help},
     * a mistyped name that wants suggestions).
     */
    private static final List<Class<?>> SUBCOMMANDS = List.of(RecordCommand.class, SummaryCommand.class,
            BenchCommand.class, PlotCommand.class, DelaysCommand.class, PredictCommand.class, ProfileCommand.class,
            ExportCommand.class, CompareCommand.class, ReportCommand.class, SitesCommand.class, ContextsCommand.class,
            CalibrateCommand.class, DemoCommand.class, ExampleCommand.class, SweepCommand.class, ModelCommand.class,
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (for tests and for {@link #main}). */
    public static int run(String... args) {
        try {
            return commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                    args.length == 0 ? null : args[0]).execute(args);
        } catch (OutOfMemoryError e) {
            // a big recording (a DAG with millions of nodes) needs more heap than the JVM's default
            System.err.println("forkscope: out of memory (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB heap); give it more, e.g. FORKSCOPE_JAVA_OPTS=-Xmx16g ./forkscope ...");
            return 1;
        }
    }

    /** The command line with every subcommand. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, null);
    }

    /** The command line with only subcommand {@code first} when there is one by that name (not help), else all. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String first) {
        CommandLine cl = new CommandLine(new Main());
        Class<?> only = null;
        for (Class<?> c : SUBCOMMANDS) {
            if (c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(first)) {
                only = c;
            }
        }
        for (Class<?> c : only == null ? SUBCOMMANDS : List.of(only)) {
            cl.addSubcommand(c);
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setExitCodeExceptionMapper(e -> e instanceof UserError ? USER_ERROR : 1);
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("forkscope: " + DashDash.hint(c, args).orElseGet(() -> ParameterErrors.describe(ex)
                    + " (see: forkscope " + commandPath(c) + "--help)"));
            return USER_ERROR;
        });
        cl.setExecutionExceptionHandler((ex, command, parsed) -> {
            if (ex instanceof UserError) {
                command.getErr().println("forkscope: " + ex.getMessage());
                return USER_ERROR;
            }
            if (ex instanceof FileSystemException f) {
                // checked outputs that still fail (a full disk, a directory removed meanwhile)
                command.getErr().println("forkscope: " + f.getFile() + ": " + OutputPath.reason(f));
                return 1;
            }
            command.getErr().println("forkscope: internal error: " + ex);
            ex.printStackTrace(command.getErr());
            return 1;
        });
        return cl;
    }

    private static String commandPath(CommandLine cl) {
        String name = cl.getCommandSpec().qualifiedName().substring("forkscope".length()).strip();
        return name.isEmpty() ? "" : name + " ";
    }

    /** {@code forkscope} alone: the usage, on stderr, as for any command line that does nothing. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return USER_ERROR;
    }
}
