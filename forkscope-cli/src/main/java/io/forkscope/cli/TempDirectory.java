package io.forkscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A temporary directory that is deleted with everything in it when closed, or, when the JVM exits
 * first (Ctrl-C), by a shutdown hook. Shutdown hooks run in no set order and the programs this JVM
 * started may still be writing their recordings into the directory while other hooks stop them, so
 * the hook first waits (a few seconds at most) for those programs to end.
 */
final class TempDirectory implements AutoCloseable {
    private static final long CHILDREN_WAIT_SECONDS = 5;

    private final Path path;
    private final Thread hook;

    private TempDirectory(Path path) {
        this.path = path;
        this.hook = new Thread(() -> {
            awaitChildren();
            delete(path);
        }, "forkscope-temp-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    static TempDirectory create(String prefix) throws IOException {
        return new TempDirectory(Files.createTempDirectory(prefix));
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return; // the hook deletes it
        }
        delete(path);
    }

    private static void awaitChildren() {
        CompletableFuture<?>[] ends = ProcessHandle.current().children().map(ProcessHandle::onExit)
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(ends).get(CHILDREN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception stillRunning) {
            // delete what is there
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    // a leftover in the temporary directory
                }
            });
        } catch (IOException e) {
            // nothing to delete
        }
    }
}
