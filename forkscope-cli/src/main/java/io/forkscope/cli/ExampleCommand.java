package io.forkscope.cli;

import io.forkscope.model.Unit;
import io.forkscope.samples.SampleMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "example", description = {
    "Runs a bundled program (the papers' benchmarks in Java fork/join); --list shows them.",
    "  forkscope example NAME [--n N] [--cutoff C] [--serial] [--workers P] [--repeat K]",
    "With --record FILE it runs under the agent in a new JVM and writes a recording."})
final class ExampleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--record", paramLabel = "FILE", description = "record the run to FILE (a new JVM with the agent)")
    Path record;

    @Option(names = "--force", description = "with --record: overwrite FILE if it exists")
    boolean force;

    @Option(names = "--unit", paramLabel = "time|abstract", defaultValue = "time",
            description = "with --record: strand length unit (default: ${DEFAULT-VALUE})")
    String unit;

    @Unmatched
    List<String> sampleArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (record == null) {
            return SampleMain.run(sampleArgs.toArray(new String[0]));
        }
        Unit u = RecordCommand.parseUnit(unit);
        Path out = record.toAbsolutePath();
        if (Files.exists(out)) {
            if (!force) {
                throw new UserError(record + ": exists; use --force to overwrite it or choose another name");
            }
            Files.delete(out);
        }
        List<String> cmd = new ArrayList<>(List.of(SelfJar.java(), "-cp", SelfJar.path().toString(),
                SampleMain.class.getName()));
        cmd.addAll(sampleArgs);
        AgentLaunch launch = new AgentLaunch(SelfJar.path(), out, u, null, null);
        int exit = launch.run(cmd);
        if (Files.exists(out)) {
            spec.commandLine().getErr().println("forkscope: recording written to " + out + "  (forkscope summary " + out + ")");
        }
        return exit;
    }
}
