package io.forkscope.samples;

import io.forkscope.Forkscope;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * <b>snippet-b</b> — Cilkview Fig. 4, Snippet B: a serial loop of n iterations whose body is a
 * parallel loop of 2 calls of a small function f.
 *
 * <pre>
 *   for (j = 0; j &lt; n; ++j)
 *       cilk_for (i = 0; i &lt; 2; ++i)
 *           f(i, j);
 * </pre>
 *
 * <p>DAG: n forks in sequence, each {@code invokeAll(f(0,j), f(1,j))} followed by its join. Work 2n
 * calls and span n calls, as for {@link SnippetA}, so the parallelism is also ≈ 2 — but realising it
 * takes one steal per iteration, and each steal costs far more than f: the burdened parallelism is
 * below 1, and in practice Snippet B is much slower than A (in Java the help-first pool often pops
 * the child back before a thief takes it, so it degrades to a serial loop with fork overhead).
 *
 * <p>n: iterations of the serial outer loop. cutoff: unused.
 *
 * <p>Abstract work: each call of f is its own strand and declares {@code SnippetWork.ROUNDS} units.
 */
final class SnippetB extends KernelSample<Integer, Long> {

    SnippetB() {
        super("snippet-b", "serial loop of n parallel pairs of small calls: a steal per iteration (Cilkview Fig. 4 B)",
                "iterations of the serial outer loop", 2_000_000, "unused", 0);
    }

    static final class Call extends RecursiveTask<Long> {
        private final int i;
        private final int j;

        Call(int i, int j) {
            this.i = i;
            this.j = j;
        }

        @Override
        protected Long compute() {
            long r = SnippetWork.f(i, j);
            Forkscope.work(SnippetWork.ROUNDS);
            return r;
        }
    }

    static final class Loop extends RecursiveTask<Long> {
        private final int n;
        private final boolean serial;

        Loop(int n, boolean serial) {
            this.n = n;
            this.serial = serial;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int j = 0; j < n; j++) {
                Call call0 = new Call(0, j);
                Call call1 = new Call(1, j);
                if (serial) {
                    sum += call0.compute() + call1.compute();
                } else {
                    ForkJoinTask.invokeAll(call0, call1);
                    sum += call0.getRawResult() + call1.getRawResult(); // both done
                }
            }
            return sum;
        }
    }

    @Override
    Integer prepare(int n, int cutoff) {
        return n;
    }

    @Override
    Long kernel(Integer n, Exec exec) {
        Loop root = new Loop(n, exec.serial());
        return exec.invoke(root, root::compute);
    }

    @Override
    String check(Integer n, Long sum) {
        long expected = SnippetWork.expectedSum(n);
        return sum == expected ? null : "sum of f expected " + expected + " got " + sum;
    }

    @Override
    String summary(Integer n, Long sum) {
        return "sum=" + Long.toHexString(sum);
    }
}
