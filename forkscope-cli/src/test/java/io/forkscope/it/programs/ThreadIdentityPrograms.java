package io.forkscope.it.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;

/**
 * Many separate top-level tasks on the common pool (run it with
 * {@code -Djava.util.concurrent.ForkJoinPool.common.parallelism=2}), between which common-pool
 * workers erase their ThreadLocals, and a parallel stream whose calling thread runs task bodies
 * too. Prints {@code ran-on NAME} once for every thread that ran a task body, then the stream's
 * sum. Tasks are leaves (no joins inside the pool), so the pool never adds compensating threads.
 */
public final class ThreadIdentityPrograms {
    static final Set<String> RAN_ON = ConcurrentHashMap.newKeySet();

    private ThreadIdentityPrograms() {}

    static void spin(long ns) {
        long end = System.nanoTime() + ns;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    static final class Leaf extends RecursiveAction {
        @Override
        protected void compute() {
            RAN_ON.add(Thread.currentThread().getName());
            spin(20_000);
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = ForkJoinPool.commonPool();
        for (int round = 0; round < 300; round++) {
            List<ForkJoinTask<?>> batch = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                batch.add(pool.submit(new Leaf()));
            }
            for (ForkJoinTask<?> t : batch) {
                t.join();
            }
            if (round % 50 == 0) {
                pool.invoke(new Leaf());
            }
        }
        long sum = IntStream.range(0, 20_000).parallel().mapToLong(i -> {
            RAN_ON.add(Thread.currentThread().getName());
            if (i % 100 == 0) {
                spin(5_000);
            }
            return i;
        }).sum();
        for (String name : new TreeSet<>(RAN_ON)) {
            System.out.println("ran-on " + name);
        }
        System.out.println("sum " + sum);
    }
}
