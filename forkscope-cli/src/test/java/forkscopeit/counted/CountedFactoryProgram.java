package forkscopeit.counted;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;

/**
 * A pool whose worker factory is the program's own code, a loop of {@code args[0]} trips: the pool calls
 * it inside a fork's push (a worker forks, and the pool has fewer workers than its parallelism), inside
 * the submission, and wherever else it adds a worker. None of that is any strand's (docs/counted-work.md):
 * the counted work and span must not move with the factory's loop.
 */
public final class CountedFactoryProgram {
    private CountedFactoryProgram() {}

    static volatile long sink;

    /** The factory: counted code, {@code trips} loop trips a worker. */
    static final class CountingFactory implements ForkJoinPool.ForkJoinWorkerThreadFactory {
        private final int trips;

        CountingFactory(int trips) {
            this.trips = trips;
        }

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            long s = 0;
            for (int i = 0; i < trips; i++) {
                s += i ^ (s >>> 3);
            }
            sink = s;
            return new Worker(pool);
        }
    }

    static final class Worker extends ForkJoinWorkerThread {
        Worker(ForkJoinPool pool) {
            super(pool);
        }
    }

    static final class Fib extends RecursiveTask<Long> {
        private final int k;

        Fib(int k) {
            this.k = k;
        }

        @Override
        protected Long compute() {
            if (k < 2) {
                return (long) k;
            }
            Fib first = new Fib(k - 1);
            first.fork();
            long second = new Fib(k - 2).compute();
            return first.join() + second;
        }
    }

    public static void main(String[] args) {
        int trips = Integer.parseInt(args[0]);
        for (int round = 0; round < 3; round++) {          // a fresh pool each round: its workers are made anew
            ForkJoinPool pool = new ForkJoinPool(2, new CountingFactory(trips), null, false);
            System.out.println("fib " + pool.invoke(new Fib(16)));
            pool.shutdown();
        }
    }
}
