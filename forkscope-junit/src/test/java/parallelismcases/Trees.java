package parallelismcases;

import java.util.concurrent.ForkJoinPool;

/**
 * Runs a tree of {@link Leaves} on a pool of its own. A test class that calls this instead of
 * {@code pool.invoke(new Leaves(..))} itself keeps fork/join out of its own bytecode: the verifier
 * checks {@code new Leaves(..)} against invoke's ForkJoinTask parameter by loading both classes, and
 * JUnit's discovery verifies every test class before the first test runs.
 */
public final class Trees {
    private Trees() {}

    public static void invoke(int leaves, long units) {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            pool.invoke(new Leaves(leaves, units));
        } finally {
            pool.shutdown();
        }
    }
}
