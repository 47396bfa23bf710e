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
    sealed interface Op permits Work, Fork, Join, Call, InvokeAll, UnforkOrJoin, HelpQuiesce {}

    record Work(long units) implements Op {}

    record Fork(Body child) implements Op {}

    /** Joins the {@code fork}-th Fork of the enclosing body. */
    record Join(int fork) implements Op {}

    record Call(Body child) implements Op {}

    /**
     * {@code if (t.tryUnfork()) t.compute(); else t.join();} on the {@code fork}-th Fork: the same
     * join edge whichever branch runs (the simulator picks at random when both are possible).
     */
    record UnforkOrJoin(int fork) implements Op {}

    /**
     * {@code helpQuiesce()}: joins every fork of this body not joined yet and, transitively, what
     * those (and the tasks this body joined or called) left unjoined. Forks it covers are not
     * joined again later.
     */
    record HelpQuiesce() implements Op {}

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
                } else if (op instanceof UnforkOrJoin u) {
                    rt.unforkOrJoin(forks.get(u.fork()));
                } else if (op instanceof HelpQuiesce) {
                    rt.helpQuiesce();
                } else if (op instanceof Call c) {
                    rt.invoke(simulate(c.child()));
                } else if (op instanceof InvokeAll all) {
                    SimTask[] tasks = all.children().stream().map(b -> new SimTask(simulate(b))).toArray(SimTask[]::new);
                    if (tasks.length % 2 == 0) {
                        rt.invokeAll(tasks);
                    } else {
                        rt.invokeAllCollection(java.util.List.of(tasks));
                    }
                }
            }
        };
    }
}
