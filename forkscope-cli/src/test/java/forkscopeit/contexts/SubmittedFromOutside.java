package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;

/**
 * Tasks submitted from outside the pools, two ways: {@code main → run → submit} pushes a task to an own
 * pool ({@code pool.invoke}), and {@code main → streams} runs a parallel stream, whose root task
 * {@code main} runs itself and whose forked tasks the common pool's workers run. Both spin (CPU time,
 * ms). Their logical contexts must start with the submitting thread's stack (issue 12 §3).
 */
public final class SubmittedFromOutside {
    private SubmittedFromOutside() {}

    static final class Spin extends RecursiveAction {
        private final long ms;

        Spin(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            if (ms <= 50) {
                ContextSpin.hot(ms);
                return;
            }
            Spin a = new Spin(ms / 2);
            a.fork();
            new Spin(ms - ms / 2).compute();
            a.join();
        }
    }

    static void submit(ForkJoinPool pool, long ms) {
        pool.invoke(new Spin(ms));
    }

    static void run(long ms) {
        ForkJoinPool pool = new ForkJoinPool(2);
        submit(pool, ms);
        pool.shutdown();
    }

    static void streams(long ms) {
        IntStream.range(0, 8).parallel().forEach(i -> ContextSpin.hot(ms / 8));
    }

    public static void main(String[] args) {
        long ms = args.length > 0 ? Long.parseLong(args[0]) : 400;
        run(ms);
        streams(ms);
        System.out.println("done");
    }
}
