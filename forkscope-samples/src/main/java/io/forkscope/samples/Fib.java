package io.forkscope.samples;

import io.forkscope.Forkscope;
import java.util.concurrent.RecursiveTask;

/**
 * <b>fib</b> — the doubly recursive Fibonacci function (BOTS fib; Cilkprof Fig. 5 and 7).
 *
 * <p>DAG: every call fib(k) above the cut-off forks fib(k-1), computes fib(k-2) itself and joins
 * the fork (LIFO: the last task forked is the one joined). Below the cut-off, {@link #serialFib}
 * recurses with plain calls. Work grows as φ^n, span as n, so parallelism is enormous (about
 * φ^n / n); the cut-off only trades task count against overhead. Cilkprof's Fig. 7 shows the
 * top-caller work of the two recursive call sites (fork of k-1, call of k-2) in ratio ≈ φ ≈ 1.6.
 *
 * <p>n: the Fibonacci index (0..92). cutoff: calls with k ≤ cutoff are leaves that run serialFib.
 *
 * <p>Abstract work: each leaf strand declares {@code Forkscope.work(calls)}, where calls is the
 * number of serialFib invocations that leaf made (2·F(k+1) − 1); the tiny strands of the inner
 * calls declare nothing.
 */
final class Fib extends KernelSample<Integer, Long> {

    Fib() {
        super("fib", "doubly recursive Fibonacci with a size cut-off (BOTS fib, Cilkprof Fig. 5)",
                "Fibonacci index", 42, "calls fib(k) with k <= cutoff run serially (leaves)", 18);
    }

    static final class FibTask extends RecursiveTask<Long> {
        private final int k;
        private final int cutoff;
        private final boolean serial;

        FibTask(int k, int cutoff, boolean serial) {
            this.k = k;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected Long compute() {
            if (k <= cutoff || k < 2) {
                long result = serialFib(k);
                Forkscope.work(callCount(k));
                return result;
            }
            FibTask first = new FibTask(k - 1, cutoff, serial);
            FibTask second = new FibTask(k - 2, cutoff, serial);
            if (serial) {
                return first.compute() + second.compute();
            }
            first.fork();
            long y = second.compute();
            return first.join() + y;
        }
    }

    static long serialFib(int k) {
        return k < 2 ? k : serialFib(k - 1) + serialFib(k - 2);
    }

    /** @return how many invocations serialFib(k) makes: 2·F(k+1) − 1 */
    static long callCount(int k) {
        return 2 * iterativeFib(k + 1) - 1;
    }

    static long iterativeFib(int k) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < k; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return a;
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 0 && n <= 92, "n must be in 0..92 (fib(92) is the largest long)");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Integer prepare(int n, int cutoff) {
        return n;
    }

    @Override
    Long kernel(Integer n, Exec exec) {
        FibTask root = new FibTask(n, exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    @Override
    String check(Integer n, Long result) {
        long expected = iterativeFib(n);
        return result == expected ? null : "fib(" + n + ") expected " + expected + " got " + result;
    }

    @Override
    String summary(Integer n, Long result) {
        return "result=" + result;
    }
}
