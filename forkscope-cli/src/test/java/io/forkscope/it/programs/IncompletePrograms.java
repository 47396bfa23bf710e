package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;

/**
 * Programs whose DAG forkscope does not see whole: CompletableFuture stages on a ForkJoinPool
 * (three async suppliers combined), and two tasks run with execute() and awaited through a
 * latch. The recording must say so (gap counts) rather than judge a parallelism it does not know.
 */
public final class IncompletePrograms {
    private IncompletePrograms() {}

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> units(30, 1), pool);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> units(20, 2), pool);
        CompletableFuture<Integer> c = CompletableFuture.supplyAsync(() -> units(10, 3), pool);
        int sum = a.thenCombine(b, Integer::sum).thenCombine(c, Integer::sum).join();
        System.out.println("cf " + sum);
        CountDownLatch latch = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            pool.execute(() -> {
                Forkscope.work(5);
                latch.countDown();
            });
        }
        latch.await();
        pool.shutdown();
    }

    static int units(long n, int value) {
        Forkscope.work(n);
        return value;
    }
}
