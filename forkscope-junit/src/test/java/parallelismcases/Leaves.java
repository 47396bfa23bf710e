package parallelismcases;

import io.forkscope.Forkscope;
import java.util.concurrent.RecursiveAction;

/**
 * A balanced binary tree of {@code n} leaves (invokeAll of two halves); each leaf declares
 * {@code units} abstract units and spins for as many nanoseconds of its thread's CPU time, so the
 * tree's parallelism is n in abstract units exactly and close to n in time. A top-level class: the
 * test classes refer to it only inside their methods, so JUnit's discovery (which loads the types of
 * a test class's fields, method signatures and nested classes) does not load fork/join before the
 * extension loads the agent.
 */
public final class Leaves extends RecursiveAction {
    private final int n;
    private final long units;

    public Leaves(int n, long units) {
        this.n = n;
        this.units = units;
    }

    @Override
    protected void compute() {
        if (n == 1) {
            Units.leaf(units);
            return;
        }
        invokeAll(new Leaves(n / 2, units), new Leaves(n - n / 2, units));
    }
}
