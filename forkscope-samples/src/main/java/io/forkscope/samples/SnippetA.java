package io.forkscope.samples;

import io.forkscope.Forkscope;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * <b>snippet-a</b> — Cilkview Fig. 4, Snippet A: a parallel loop of 2 iterations whose bodies are
 * serial loops of n calls of a small function f.
 *
 * <pre>
 *   cilk_for (i = 0; i &lt; 2; ++i)
 *       for (j = 0; j &lt; n; ++j)
 *           f(i, j);
 * </pre>
 *
 * <p>DAG: one fork ({@code invokeAll(row0, row1)}: row1 forked, row0 run, row1 joined) and two long
 * serial strands of n calls each. Work 2n calls, span n calls, parallelism ≈ 2; it needs just
 * one steal to realise it, so the burdened parallelism is also ≈ 2. Compare {@link SnippetB}: same
 * work and span, a steal per iteration.
 *
 * <p>n: iterations of the serial inner loop (calls of f per row). cutoff: unused.
 *
 * <p>Abstract work: each row strand declares {@code n × SnippetWork.ROUNDS} units (one per
 * multiply-add step of f) once, after its loop.
 */
final class SnippetA extends KernelSample<Integer, Long> {

    SnippetA() {
        super("snippet-a", "parallel loop of 2 serial loops of n small calls: one steal (Cilkview Fig. 4 A)",
                "calls of f per row (inner serial loop length)", 2_000_000, "unused", 0);
    }

    static final class Row extends RecursiveTask<Long> {
        private final int i;
        private final int n;

        Row(int i, int n) {
            this.i = i;
            this.n = n;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int j = 0; j < n; j++) {
                sum += SnippetWork.f(i, j);
            }
            Forkscope.work((long) n * SnippetWork.ROUNDS);
            return sum;
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
            Row row0 = new Row(0, n);
            Row row1 = new Row(1, n);
            if (serial) {
                return row0.compute() + row1.compute();
            }
            ForkJoinTask.invokeAll(row0, row1);
            return row0.getRawResult() + row1.getRawResult(); // both done: no further waits
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
