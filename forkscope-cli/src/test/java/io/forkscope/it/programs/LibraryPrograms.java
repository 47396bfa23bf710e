package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.LongStream;

/** Parallel streams and Arrays.parallelSort, which the program does not write a task for. */
public final class LibraryPrograms {
    private LibraryPrograms() {}

    public static void main(String[] args) {
        long sum;
        try (Region r = Forkscope.region("stream")) {
            sum = LongStream.rangeClosed(1, 3_000_000).parallel().map(x -> x * x % 1_000_003).sum();
        }
        System.out.println("stream " + sum);
        int[] a = new Random(42).ints(2_000_000).toArray();
        try (Region r = Forkscope.region("parallelSort")) {
            Arrays.parallelSort(a);
        }
        long check = 0;
        for (int i = 0; i < a.length; i++) {
            check = check * 31 + a[i];
            if (i > 0 && a[i - 1] > a[i]) {
                throw new AssertionError("not sorted at " + i);
            }
        }
        System.out.println("sort " + check);
    }
}
