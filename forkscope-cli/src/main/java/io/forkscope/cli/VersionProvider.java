package io.forkscope.cli;

import io.forkscope.model.RecordingFormat;
import io.forkscope.recorder.agent.Agent;
import picocli.CommandLine;

final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"forkscope " + Agent.VERSION + " (recording format " + RecordingFormat.MAJOR + "."
                + RecordingFormat.MINOR + ", Java " + System.getProperty("java.version") + ")"};
    }
}
