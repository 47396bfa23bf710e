package io.forkscope.it.programs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ForkJoinPool;

/**
 * Programs for forkscope's own errors: {@code marker FILE} creates FILE (so a test sees whether it
 * ran at all) and then forks; {@code exit-early N} exits with code N before any fork/join.
 */
public final class ErrorPrograms {
    private ErrorPrograms() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "marker" -> {
                Files.writeString(Path.of(args[1]), "ran");
                System.out.println("sum " + new ForkJoinPool(2).invoke(new ExitPrograms.Sum(0, 10_000, false)));
            }
            case "exit-early" -> System.exit(Integer.parseInt(args[1]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
