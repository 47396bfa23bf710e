package io.forkscope.cli;

import io.forkscope.model.Unit;
import io.forkscope.samples.SampleMain;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "demo", description = {
    "Records a bundled parallel quicksort under the agent and prints its scalability report.",
    "The recording is kept in a temporary directory; its path is printed."})
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--example", defaultValue = "quicksort", paramLabel = "NAME",
            description = "which bundled program to record (default: ${DEFAULT-VALUE}; see: forkscope example --list)")
    String example;

    @Option(names = "--workers", defaultValue = "2", paramLabel = "P", description = "pool size (default: ${DEFAULT-VALUE})")
    int workers;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Path dir = Files.createTempDirectory("forkscope-demo-");
        Path out = dir.resolve(example + ".fsk");
        err.println("forkscope demo: recording '" + example + "' on " + workers + " workers under the agent...");
        List<String> cmd = List.of(SelfJar.java(), "-cp", SelfJar.path().toString(), SampleMain.class.getName(),
                example, "--workers", Integer.toString(workers));
        int exit = new AgentLaunch(SelfJar.path(), out, Unit.TIME, null, null).run(cmd);
        if (exit != 0) {
            err.println("forkscope demo: the example failed with exit code " + exit);
            return 1;
        }
        err.println("forkscope demo: recording " + out + "; its report:");
        err.println();
        err.flush();
        return Main.commandLine(spec.commandLine().getOut(), err).execute("summary", out.toString());
    }
}
