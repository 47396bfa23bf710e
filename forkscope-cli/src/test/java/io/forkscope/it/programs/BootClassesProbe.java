package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.concurrent.ForkJoinPool;

/**
 * Sums in parallel inside a region, through the API copy on its own class path, then prints what it
 * computed and, per class the agent shares with java.base, which loader defined the copy the program
 * got and whether it has a {@code Package}: one line each, the same with and without the agent but
 * for the loader.
 */
public final class BootClassesProbe {
    /** Classes of the boot jar a program can name: the API and its bridge. */
    public static final String[] SHARED = {"io.forkscope.Forkscope", "io.forkscope.Region",
            "io.forkscope.spi.RecorderBridge"};

    private BootClassesProbe() {}

    public static void main(String[] args) throws Exception {
        long sum;
        try (Region r = Forkscope.region("probe")) {
            sum = new ForkJoinPool(2).invoke(new ExitPrograms.Sum(0, 100_000, false));
        }
        System.out.println("sum " + sum);
        for (String name : SHARED) {
            Class<?> c = Class.forName(name);
            System.out.println(name + " loader=" + (c.getClassLoader() == null ? "bootstrap" : "system")
                    + " package=" + (c.getPackage() == null ? "none" : c.getPackage().getName()));
        }
    }
}
