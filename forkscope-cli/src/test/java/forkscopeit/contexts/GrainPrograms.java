package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * One fork tree at two grains, for issue 12's proof that overhead follows the grain: {@code fine}
 * forks a task for every call of fib down to n = 2 (tasks of a few ns of work each, so the pool's
 * and the recorder's code dominate), {@code coarse} computes fib serially below n = 25 (tasks of
 * about a millisecond). Args: fine|coarse [n].
 */
public final class GrainPrograms {
    private GrainPrograms() {}

    static final class Fib extends RecursiveTask<Long> {
        private final int n;
        private final int serialBelow;

        Fib(int n, int serialBelow) {
            this.n = n;
            this.serialBelow = serialBelow;
        }

        @Override
        protected Long compute() {
            if (n < serialBelow) {
                return serial(n);
            }
            Fib left = new Fib(n - 1, serialBelow);
            left.fork();
            long right = new Fib(n - 2, serialBelow).compute();
            return left.join() + right;
        }
    }

    static long serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }

    public static void main(String[] args) {
        boolean fine = args[0].equals("fine");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : (fine ? 27 : 36);
        ForkJoinPool pool = new ForkJoinPool(2);
        long r = pool.invoke(new Fib(n, fine ? 2 : 25));
        pool.shutdown();
        System.out.println("fib(" + n + ") = " + r);
    }
}
