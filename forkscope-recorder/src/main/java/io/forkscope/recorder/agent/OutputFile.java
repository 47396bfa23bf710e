package io.forkscope.recorder.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Opens the recording file without ever overwriting one that exists unless asked: when FILE is
 * taken (an earlier run, or another JVM of the same {@code forkscope record}), the recording goes to
 * FILE-PID.fsk instead, created atomically. FILE's directory must exist: none is created.
 */
final class OutputFile {
    private OutputFile() {}

    record Opened(Path path, OutputStream stream) {}

    static Opened open(Path wanted, boolean force, long pid) throws IOException {
        Path dir = wanted.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            // a directory the user did not make is not made for them (a typo would make one anywhere)
            throw new NoSuchFileException(dir.toString(), null, "no such directory for the recording " + wanted);
        }
        if (force) {
            return new Opened(wanted, Files.newOutputStream(wanted));
        }
        try {
            return new Opened(wanted, Files.newOutputStream(wanted, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        } catch (FileAlreadyExistsException e) {
            Path other = withSuffix(wanted, "-" + pid);
            return new Opened(other, Files.newOutputStream(other, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        }
    }

    static Path withSuffix(Path file, String suffix) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String renamed = dot > 0 ? name.substring(0, dot) + suffix + name.substring(dot) : name + suffix;
        return file.resolveSibling(renamed);
    }
}
