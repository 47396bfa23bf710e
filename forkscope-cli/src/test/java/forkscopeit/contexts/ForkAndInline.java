package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Issue 20 item 2: each round's root task forks tree A and computes tree B inline
 * ({@code b.compute()} called directly), then joins A. Both trees are three levels deep through
 * distinct methods: {@code TopX.compute} forks one {@code MidX} and computes the other inline;
 * {@code MidX.compute} forks one {@code LeafX} and computes the other inline; {@code LeafX.compute}
 * spins for the CPU time given (ms). Every leaf's samples belong below
 * {@code Root.compute;TopX.compute;MidX.compute;LeafX.compute}, the physical path from the root
 * task's entry, whichever task a leaf ran in (forked, or inline in its parent). Outside
 * io.forkscope, so the call-site weaver weaves it.
 */
public final class ForkAndInline {
    private ForkAndInline() {}

    static final class Root extends RecursiveAction {
        private final long ms;

        Root(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            TopA a = new TopA(ms);
            a.fork();
            new TopB(ms).compute();
            a.join();
        }
    }

    static final class TopA extends RecursiveAction {
        private final long ms;

        TopA(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            MidA forked = new MidA(ms);
            forked.fork();
            new MidA(ms).compute();
            forked.join();
        }
    }

    static final class MidA extends RecursiveAction {
        private final long ms;

        MidA(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            LeafA forked = new LeafA(ms);
            forked.fork();
            new LeafA(ms).compute();
            forked.join();
        }
    }

    static final class LeafA extends RecursiveAction {
        private final long ms;

        LeafA(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            ContextSpin.hot(ms);
        }
    }

    static final class TopB extends RecursiveAction {
        private final long ms;

        TopB(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            MidB forked = new MidB(ms);
            forked.fork();
            new MidB(ms).compute();
            forked.join();
        }
    }

    static final class MidB extends RecursiveAction {
        private final long ms;

        MidB(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            LeafB forked = new LeafB(ms);
            forked.fork();
            new LeafB(ms).compute();
            forked.join();
        }
    }

    static final class LeafB extends RecursiveAction {
        private final long ms;

        LeafB(long ms) {
            this.ms = ms;
        }

        @Override
        protected void compute() {
            ContextSpin.hot(ms);
        }
    }

    /** Arguments: CPU ms per leaf (default 30), rounds (default 3). */
    public static void main(String[] args) {
        long ms = args.length > 0 ? Long.parseLong(args[0]) : 30;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        ForkJoinPool pool = new ForkJoinPool(2);
        for (int r = 0; r < rounds; r++) {
            pool.invoke(new Root(ms));
        }
        pool.shutdown();
        System.out.println("done");
    }
}
