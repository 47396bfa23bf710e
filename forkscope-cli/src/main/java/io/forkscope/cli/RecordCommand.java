package io.forkscope.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "record", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
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

    @Mixin
    RecordingOptions options = new RecordingOptions();

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "the command to run, after --")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        DashDash.require(spec, command);
        PrintWriter err = spec.commandLine().getErr();
        Path out = OutputPath.file(output, force, "-o");
        AgentLaunch.checkAgentPath(out, "the recording's path");
        AgentLaunch launch = options.launch(out, command.get(0), err);
        Files.deleteIfExists(out);
        // also when forkscope itself is stopped (Ctrl-C reaches both it and the program): the program's
        // recording is written by then, and where it is is said before forkscope exits
        // the command's exit code passes through, also when it started no JVM
        return launch.run(command, code -> reportRecordings(launch, code, err));
    }

    /** Says where each recording the command's JVMs wrote is, or that none was written. */
    private static void reportRecordings(AgentLaunch launch, int exit, PrintWriter err) {
        List<Path> written;
        try {
            written = launch.recordings();
        } catch (java.io.IOException e) {
            err.println("forkscope: cannot list the recordings: " + e.getMessage());
            err.flush();
            return;
        }
        if (written.isEmpty()) {
            err.println("forkscope: no recording was written (did the command start a JVM?)");
        } else {
            RecordingOutcome.report(written, exit, err);
        }
        err.flush();
    }
}
