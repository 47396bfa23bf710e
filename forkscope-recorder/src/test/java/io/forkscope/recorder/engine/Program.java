package io.forkscope.recorder.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A random fork/join program for the property test: a task body is a list of operations. Joins
 * name an earlier fork of the same body that is not joined yet, in any order; some forks are
 * never joined.
 */
final class Program {
    sealed interface Op permits Work, Fork, Join, Call, InvokeAll {}

    record Work(long units) implements Op {}

    record Fork(Body child) implements Op {}

    /** Joins the {@code fork}-th Fork of the enclosing body. */
    record Join(int fork) implements Op {}

    record Call(Body child) implements Op {}

    record InvokeAll(List<Body> children) implements Op {}

    record Body(List<Op> ops) {
        @Override
        public String toString() {
            return ops.toString();
        }
    }

    private Program() {}

    /** The body as a simulated task: the engine sees its operations through {@link SimRuntime}. */
    static Consumer<SimRuntime> simulate(Body body) {
        return rt -> {
            List<SimTask> forks = new ArrayList<>();
            for (Op op : body.ops()) {
                if (op instanceof Work w) {
                    rt.work(w.units());
                } else if (op instanceof Fork f) {
                    forks.add(rt.fork(simulate(f.child())));
                } else if (op instanceof Join j) {
                    rt.join(forks.get(j.fork()));
                } else if (op instanceof Call c) {
                    rt.invoke(simulate(c.child()));
                } else if (op instanceof InvokeAll all) {
                    rt.invokeAll(all.children().stream().map(b -> new SimTask(simulate(b))).toArray(SimTask[]::new));
                }
            }
        };
    }
}
