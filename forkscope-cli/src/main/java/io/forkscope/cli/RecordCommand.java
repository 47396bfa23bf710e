package io.forkscope.cli;

import io.forkscope.model.Unit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "record", description = {
    "Runs a command with the forkscope agent and writes a recording.",
    "Example: forkscope record -o fib.fsk -- java -cp app.jar Fib 32"})
final class RecordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "forkscope.fsk",
            description = "the recording to write (default: ${DEFAULT-VALUE}); further JVMs write FILE-PID.fsk")
    Path output;

    @Option(names = "--force", description = "overwrite FILE if it exists")
    boolean force;

    @Option(names = "--unit", paramLabel = "time|abstract", defaultValue = "time",
            description = "strand length: measured time, or the units the program declares with Forkscope.work (default: ${DEFAULT-VALUE})")
    String unit;

    @Option(names = "--burden-ns", paramLabel = "N",
            description = "cost of migrating a task in one steal, put on every create edge (default 6250, Cilkscale's); in abstract mode, in units")
    Long burden;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "the command to run, after --")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        Unit u = parseUnit(unit);
        if (burden != null && burden < 0) {
            throw new UserError("--burden-ns must not be negative");
        }
        Path out = output.toAbsolutePath();
        if (Files.isDirectory(out)) {
            throw new UserError(output + ": is a directory; give a file name with -o");
        }
        if (Files.exists(out)) {
            if (!force) {
                throw new UserError(output + ": exists; use --force to overwrite it or choose another name with -o");
            }
            Files.delete(out);
        }
        AgentLaunch launch = new AgentLaunch(SelfJar.path(), out, u, burden, burden == null ? null : "option");
        int exit = launch.run(command);
        List<Path> written = launch.recordings();
        if (written.isEmpty()) {
            spec.commandLine().getErr().println("forkscope: no recording was written (did the command start a JVM?)");
            return exit == 0 ? 1 : exit;
        }
        for (Path p : written) {
            spec.commandLine().getErr().println("forkscope: recording written to " + p + "  (forkscope summary " + p + ")");
        }
        return exit;
    }

    static Unit parseUnit(String text) {
        try {
            return Unit.fromOptionName(text);
        } catch (IllegalArgumentException e) {
            throw new UserError("--unit: " + e.getMessage());
        }
    }
}
