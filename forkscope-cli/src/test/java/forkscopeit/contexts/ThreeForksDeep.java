package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A leaf three forks deep: {@code Outer.compute} forks {@code Middle}, which forks {@code Inner},
 * which forks {@code Leaf}, which spins for the CPU time given (ms). Each parent joins its child at
 * once, so one worker usually runs the whole chain nested on its own stack; its samples' stacks,
 * cut at the innermost doExec, then hold only {@code Leaf.compute}: the three forks above it can
 * come only from the fork-site contexts (issue 12 §3). Outside io.forkscope, so the call-site weaver
 * weaves it.
 */
public final class ThreeForksDeep {
    private ThreeForksDeep() {}

    static final class Outer extends RecursiveAction {
        private final long ms;

        Outer(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            Middle m = new Middle(ms);
            m.fork();
            m.join();
        }
    }

    static final class Middle extends RecursiveAction {
        private final long ms;

        Middle(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            Inner i = new Inner(ms);
            i.fork();
            i.join();
        }
    }

    static final class Inner extends RecursiveAction {
        private final long ms;

        Inner(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            Leaf l = new Leaf(ms);
            l.fork();
            l.join();
        }
    }

    static final class Leaf extends RecursiveAction {
        private final long ms;

        Leaf(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            ContextSpin.hot(ms);
        }
    }

    public static void main(String[] args) {
        long ms = args.length > 0 ? Long.parseLong(args[0]) : 400;
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(new Outer(ms));
        pool.shutdown();
        System.out.println("done");
    }
}
