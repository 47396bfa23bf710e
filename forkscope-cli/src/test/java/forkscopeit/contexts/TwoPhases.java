package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Two phases whose share is known by construction, on a pool of 2: {@link #phaseA} runs 16 leaves of
 * X ms, {@link #phaseB} 32, each a balanced invokeAll tree, so phase B's work is twice phase A's. A
 * leaf spins on nothing but {@code System.nanoTime()}: a loop JDK 17's execution sampler can seldom
 * walk (C2 turns the call into a leaf call to the VM's clock), so the phases' shares cannot come
 * from the samples there; with {@code --sites --mode dag} they come from the DAG. Outside
 * io.forkscope, so the call-site weaver weaves it. Prints one line; args: X in ms (default 20).
 */
public final class TwoPhases {
    private TwoPhases() {}

    static final class Split extends RecursiveAction {
        private final int leaves;
        private final long ms;

        Split(int leaves, long ms) {
            this.leaves = leaves;
            this.ms = ms;
        }

        @Override
        protected void compute() {
            if (leaves == 1) {
                long end = System.nanoTime() + ms * 1_000_000L;
                while (System.nanoTime() < end) {
                    // nothing: a loop on the clock alone
                }
                return;
            }
            ForkJoinTask.invokeAll(new Split(leaves / 2, ms), new Split(leaves - leaves / 2, ms));
        }
    }

    /** Loads, weaves and links what the phases run, so neither phase pays for it. */
    static void warmUp(ForkJoinPool pool) {
        pool.invoke(new Split(4, 25));
    }

    static void phaseA(ForkJoinPool pool, long ms) {
        pool.invoke(new Split(16, ms));
    }

    static void phaseB(ForkJoinPool pool, long ms) {
        pool.invoke(new Split(32, ms));
    }

    public static void main(String[] args) {
        long ms = args.length > 0 ? Long.parseLong(args[0]) : 20;
        ForkJoinPool pool = new ForkJoinPool(2);
        warmUp(pool);
        phaseA(pool, ms);
        phaseB(pool, ms);
        pool.shutdown();
        System.out.println("two phases done");
    }
}
