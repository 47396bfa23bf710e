package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.LongStream;

/**
 * Programs for forkscope bench's tests.
 *
 * <ul>
 *   <li>{@code pools}: prints the parallelism of a pool made with the default constructor, of one
 *       asked for 7 workers, of one made with the full constructor (parallelism 5, maximum 5), and
 *       of the common pool, inside a region "pools" — what bench's P must change.
 *   <li>{@code slow MS K}: K regions "slow" one after another, each spinning MS milliseconds.
 *   <li>{@code halves MS}: without any region, two tasks in the common pool, each spinning MS
 *       milliseconds: parallelism 2, timed by bench as the whole process.
 *   <li>{@code firstuse}: the program's first fork/join use, inside a region "firstuse": a pool asked
 *       for 7 workers runs a parallel stream; prints the pool's parallelism and the sum. The classes
 *       {@link TimedPartBegins} and {@link TimedPartEnds} are loaded just before the region opens and
 *       just after it closes, so that a {@code -Xlog:class+load} log shows what loaded in between.
 *   <li>{@code fail}: exits with code 3.
 * </ul>
 */
public final class BenchPrograms {
    private BenchPrograms() {}

    /** Loaded right before the region of {@code firstuse} opens: a mark in a class-load log. */
    public static final class TimedPartBegins {}

    /** Loaded right after the region of {@code firstuse} closes. */
    public static final class TimedPartEnds {}

    public static void main(String[] args) {
        switch (args[0]) {
            case "pools" -> {
                try (Region r = Forkscope.region("pools")) {
                    ForkJoinPool full = new ForkJoinPool(5, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null,
                            false, 0, 5, 1, null, 60, java.util.concurrent.TimeUnit.SECONDS);
                    System.out.println("pools default=" + new ForkJoinPool().getParallelism() + " seven="
                            + new ForkJoinPool(7).getParallelism() + " full=" + full.getParallelism() + " common="
                            + ForkJoinPool.commonPool().getParallelism());
                    SpinPrograms.spin(5);
                }
            }
            case "slow" -> {
                long ms = Long.parseLong(args[1]);
                int k = Integer.parseInt(args[2]);
                for (int i = 0; i < k; i++) {
                    try (Region r = Forkscope.region("slow")) {
                        SpinPrograms.spin(ms);
                    }
                }
            }
            case "halves" -> {
                long ms = Long.parseLong(args[1]);
                Runnable half = () -> SpinPrograms.spin(ms);
                ForkJoinTask.invokeAll(ForkJoinTask.adapt(half), ForkJoinTask.adapt(half));
            }
            case "firstuse" -> {
                new TimedPartBegins();
                int parallelism;
                long sum;
                try (Region r = Forkscope.region("firstuse")) {
                    ForkJoinPool pool = new ForkJoinPool(7);
                    parallelism = pool.getParallelism();
                    sum = pool.submit(() -> LongStream.rangeClosed(1, 100_000).parallel().sum()).join();
                    pool.shutdown();
                }
                new TimedPartEnds();
                System.out.println("firstuse parallelism=" + parallelism + " sum=" + sum);
            }
            case "fail" -> System.exit(3);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
