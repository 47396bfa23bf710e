package com.acme.sites;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/** Small programs for record --sites: a parallel stream, Arrays.parallelSort, and exceptions through sites. */
public final class SitePrograms {
    private SitePrograms() {
    }

    public static void main(String[] args) {
        switch (args[0]) {
            case "stream" -> System.out.println("sum " + IntStream.range(0, 200_000).parallel()
                    .map(i -> weight(i)).filter(i -> i % 3 != 0).asLongStream().sum());
            case "sort" -> {
                int[] a = new int[300_000];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (int) ((i * 2654435761L) % 1_000_003);
                }
                Arrays.parallelSort(a);
                System.out.println("sorted " + a[0] + " " + a[a.length / 2] + " " + a[a.length - 1]);
            }
            case "throw" -> {
                try {
                    System.out.println("caught? " + ForkJoinPool.commonPool().invoke(new Failing(12)));
                } catch (IllegalStateException e) {
                    // the pool may re-wrap it (depending on the thread that threw): the message names it either way
                    System.out.println("caught " + e.getMessage().contains("leaf failed"));
                }
                System.out.println("depth " + down(5));
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static int weight(int i) {
        return i % 7;
    }

    /** Throws out of the program through five call sites: a stack trace with their lines. */
    static int down(int k) {
        if (k == 0) {
            throw new IllegalStateException("bottom reached");
        }
        return down(k - 1) + 1;
    }

    /** A task tree whose leaf 0 throws; the exception crosses forks, joins and calls. */
    static final class Failing extends RecursiveTask<Integer> {
        private final int n;

        Failing(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n == 0) {
                throw new IllegalStateException("leaf failed");
            }
            if (n < 2) {
                return n;
            }
            Failing a = new Failing(n - 1);
            a.fork();
            int b = new Failing(n - 2).compute();
            return a.join() + b;
        }
    }
}
