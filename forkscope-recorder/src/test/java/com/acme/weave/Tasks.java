package com.acme.weave;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Fork/join operations: fork, compute called directly, invoke, invokeAll, pool.invoke and submit. */
public final class Tasks extends RecursiveTask<Long> {
    private final int n;

    public Tasks(int n) {
        this.n = n;
    }

    @Override
    protected Long compute() {
        if (n < 2) {
            return (long) n;
        }
        Tasks a = new Tasks(n - 1);
        Tasks b = new Tasks(n - 2);
        a.fork();
        long y = b.compute();
        return a.join() + y;
    }

    public static long run() throws InterruptedException, ExecutionException {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            long r = pool.invoke(new Tasks(8));
            Tasks x = new Tasks(4);
            Tasks z = new Tasks(5);
            ForkJoinTask.invokeAll(x, z);
            r += x.join() + z.join();
            r += pool.submit(new Tasks(3)).get();
            r += pool.submit(() -> new Tasks(2).invoke()).get();
            return r;
        } finally {
            pool.shutdown();
        }
    }
}
