package io.forkscope.it.programs;

import java.util.concurrent.ForkJoinPool;

/** Prints the FIFO/LIFO mode of pools created every way a program can, for the agent's pool.mode. */
public final class PoolModePrograms {
    private PoolModePrograms() {}

    public static void main(String[] args) {
        ForkJoinPool plain = new ForkJoinPool();
        ForkJoinPool sized = new ForkJoinPool(3);
        ForkJoinPool fifo = new ForkJoinPool(2, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);
        ForkJoinPool lifo = new ForkJoinPool(2, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, false);
        System.out.println("async " + plain.getAsyncMode() + " " + sized.getAsyncMode() + " " + fifo.getAsyncMode()
                + " " + lifo.getAsyncMode());
    }
}
