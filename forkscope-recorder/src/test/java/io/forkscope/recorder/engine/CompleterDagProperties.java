package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The recorded DAG of programs built around CountedCompleter trees, recorded with collapsing on and
 * off under the same schedule (measures.md §2, §6). Programs mix parallel-for trees (a task halves its
 * range, {@code pending++} and forks the upper half until a grain, runs its leaf, then
 * {@code tryComplete()}), irregular trees (random fan-out with the pending count set to the number
 * of children before forking them, bodies that also fork, join and call ordinary tasks and invoke
 * further completer trees), completer roots invoked or forked-then-joined from the main thread or
 * from ordinary tasks, several roots in sequence, ordinary fork/join around them, ordinary forks
 * left for helpers and the final drain, and work of 0 or more units everywhere.
 *
 * <p>Whatever collapsing does with completer subtrees, both recordings must describe the same run:
 * the same online work and span, the DAG's work and longest path equal to them, no dropped edge,
 * edges forward in time, the same creates, waits, task ends and total ready-but-not-running time,
 * and the collapsed DAG's strands adding up to the uncollapsed DAG's nodes.
 */
class CompleterDagProperties {

    // ------------------------------------------------------------------ the programs

    /** An operation of an ordinary body (the main thread's, an ordinary task's, or a completer's pre/post part). */
    sealed interface Op permits Work, Fork, Join, Call, InvokeAll, InvokeTree, ForkTree {}

    record Work(long units) implements Op {
        @Override
        public String toString() {
            return "w" + units;
        }
    }

    /** Forks an ordinary task; joined by a later {@link Join} or at the end of the body, unless detached (left to helpers and the drain). */
    record Fork(Body body, boolean detached) implements Op {
        @Override
        public String toString() {
            return (detached ? "forkDetached" : "fork") + body;
        }
    }

    /** Joins outstanding fork number {@code which} modulo their count, in fork order (nothing without one). */
    record Join(int which) implements Op {
        @Override
        public String toString() {
            return "join" + which;
        }
    }

    /** {@code invoke()} of an ordinary task: a call. */
    record Call(Body body) implements Op {
        @Override
        public String toString() {
            return "call" + body;
        }
    }

    record InvokeAll(List<Body> bodies) implements Op {
        @Override
        public String toString() {
            return "invokeAll" + bodies;
        }
    }

    /** {@code rt.invoke(root)} of a completer tree's root. */
    record InvokeTree(CTask root) implements Op {
        @Override
        public String toString() {
            return "invokeTree(" + root + ")";
        }
    }

    /** Forks a completer tree's root; joined like an ordinary fork (never detached). */
    record ForkTree(CTask root) implements Op {
        @Override
        public String toString() {
            return "forkTree(" + root + ")";
        }
    }

    record Body(List<Op> ops) {
        static final Body EMPTY = new Body(List.of());

        @Override
        public String toString() {
            return ops.toString();
        }
    }

    /** A task of a completer tree. */
    sealed interface CTask permits Node, ParFor {}

    /** A child of a completer task: {@code before} units of work, then (pending++ unless set up front) the fork. */
    record Child(long before, CTask task) {
        @Override
        public String toString() {
            return (before == 0 ? "" : "w" + before + " ") + task;
        }
    }

    /**
     * A completer task: runs {@code pre}; sets pending to the number of children if {@code upfront};
     * forks the children; runs {@code post}; {@code tryComplete()} on itself; then {@code tail} units.
     */
    record Node(Body pre, boolean upfront, List<Child> children, Body post, long tail) implements CTask {
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("cc{");
            if (!pre.ops().isEmpty()) {
                s.append("pre").append(pre).append(' ');
            }
            if (!children.isEmpty()) {
                s.append(upfront ? "setPending" : "pending++").append(children).append(' ');
            }
            if (!post.ops().isEmpty()) {
                s.append("post").append(post).append(' ');
            }
            s.append("tryComplete");
            if (tail != 0) {
                s.append(" w").append(tail);
            }
            return s.append('}').toString();
        }
    }

    /**
     * A parallel-for over {@code costs.size()} elements in the style of CountedCompleter's ForEach:
     * while the range exceeds {@code grain}, {@code split} units, pending++, fork the upper half and
     * keep the lower; then the leaf's elements' costs and tryComplete.
     */
    record ParFor(List<Long> costs, int grain, long split) implements CTask {
        Node expand() {
            return range(0, costs.size());
        }

        private Node range(int lo, int hi) {
            List<Child> children = new ArrayList<>();
            int h = hi;
            while (h - lo > grain) {
                int mid = (lo + h) >>> 1;
                children.add(new Child(split, range(mid, h)));
                h = mid;
            }
            long leaf = 0;
            for (int i = lo; i < h; i++) {
                leaf += costs.get(i);
            }
            return new Node(Body.EMPTY, false, children, new Body(List.of(new Work(leaf))), 0);
        }

        @Override
        public String toString() {
            return "parFor(costs " + costs + ", grain " + grain + ", split " + split + ")";
        }
    }

    /** A program: the main thread's body, run inside a region. */
    record Prog(Body main) {
        @Override
        public String toString() {
            return "main" + main;
        }
    }

    // ------------------------------------------------------------------ generators

    private static Arbitrary<Long> units() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(0L)),
                Tuple.of(5, Arbitraries.longs().between(1, 20)),
                Tuple.of(1, Arbitraries.longs().between(21, 200)));
    }

    /** Ordinary bodies and operations nest up to {@code depth} more levels (completer trees count as levels). */
    private static Arbitrary<Body> body(int depth) {
        return op(depth).list().ofMaxSize(depth >= 2 ? 5 : 3).map(Body::new);
    }

    private static Arbitrary<Op> op(int depth) {
        Arbitrary<Op> work = units().map(Work::new);
        Arbitrary<Op> join = Arbitraries.integers().between(0, 3).map(Join::new);
        if (depth <= 0) {
            return Arbitraries.frequencyOf(Tuple.of(4, work), Tuple.of(1, join));
        }
        Arbitrary<Body> inner = Arbitraries.lazy(() -> body(depth - 1));
        Arbitrary<CTask> tree = Arbitraries.lazy(() -> ctask(depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(5, work),
                Tuple.of(3, join),
                Tuple.of(3, Combinators.combine(inner, Arbitraries.of(false, false, true)).as(Fork::new)),
                Tuple.of(1, inner.map(Call::new)),
                Tuple.of(1, inner.list().ofMinSize(2).ofMaxSize(3).map(InvokeAll::new)),
                Tuple.of(2, tree.map(InvokeTree::new)),
                Tuple.of(2, tree.map(ForkTree::new)));
    }

    /** A completer (sub)tree; children nest up to {@code depth} more levels. */
    private static Arbitrary<CTask> ctask(int depth) {
        Arbitrary<CTask> parFor = Combinators.combine(
                        Arbitraries.longs().between(0, 15).list().ofMinSize(1).ofMaxSize(depth >= 2 ? 24 : 8),
                        Arbitraries.integers().between(1, 3),
                        Arbitraries.longs().between(0, 3))
                .as(ParFor::new);
        Arbitrary<Body> part = depth <= 0 ? units().map(u -> new Body(List.of(new Work(u)))) : body(depth - 1);
        Arbitrary<List<Child>> children = depth <= 0
                ? Arbitraries.just(List.of())
                : Combinators.combine(units(), Arbitraries.lazy(() -> ctask(depth - 1)))
                        .as(Child::new).list().ofMaxSize(3);
        Arbitrary<CTask> node = Combinators.combine(part, Arbitraries.of(true, false), children, part, units())
                .as(Node::new);
        return Arbitraries.frequencyOf(Tuple.of(3, node), Tuple.of(1, parFor));
    }

    /** Ordinary operations around at least one completer tree the main thread invokes or forks and joins. */
    @Provide
    Arbitrary<Prog> programs() {
        Arbitrary<List<Op>> around = op(2).list().ofMaxSize(3);
        Arbitrary<CTask> tree = Arbitraries.lazy(() -> ctask(3));
        Arbitrary<Op> root = Arbitraries.frequencyOf(
                Tuple.of(3, tree.map(InvokeTree::new)),
                Tuple.of(1, tree.map(ForkTree::new)));
        return Combinators.combine(around, root, around).as((before, r, after) -> {
            List<Op> ops = new ArrayList<>(before);
            ops.add(r);
            ops.addAll(after);
            return new Prog(new Body(ops));
        });
    }

    /** Only a parallel-for invoked from the main thread, with work around it. */
    @Provide
    Arbitrary<Prog> parallelFors() {
        Arbitrary<CTask> parFor = Combinators.combine(
                        Arbitraries.longs().between(0, 15).list().ofMinSize(1).ofMaxSize(32),
                        Arbitraries.integers().between(1, 3),
                        Arbitraries.longs().between(0, 3))
                .as(ParFor::new);
        return Combinators.combine(units(), parFor, units()).as((a, p, b) ->
                new Prog(new Body(List.of(new Work(a), new InvokeTree(p), new Work(b)))));
    }

    /** Both kinds, for the collapse property: parallel-fors alone have no ordinary task that could collapse instead. */
    @Provide
    Arbitrary<Prog> programsAndParallelFors() {
        return Arbitraries.oneOf(programs(), parallelFors());
    }

    // ------------------------------------------------------------------ what a program's structure says

    /** The sizes (tasks) of every completer tree in the program: roots invoked or forked anywhere. */
    static List<Integer> treeSizes(Prog p) {
        List<Integer> sizes = new ArrayList<>();
        collect(p.main(), sizes);
        return sizes;
    }

    private static void collect(Body b, List<Integer> sizes) {
        for (Op op : b.ops()) {
            if (op instanceof Fork f) {
                collect(f.body(), sizes);
            } else if (op instanceof Call c) {
                collect(c.body(), sizes);
            } else if (op instanceof InvokeAll all) {
                all.bodies().forEach(x -> collect(x, sizes));
            } else if (op instanceof InvokeTree t) {
                sizes.add(treeSize(t.root(), sizes));
            } else if (op instanceof ForkTree t) {
                sizes.add(treeSize(t.root(), sizes));
            }
        }
    }

    /** The tasks of one tree; trees invoked inside its bodies go to {@code sizes} separately. */
    private static int treeSize(CTask t, List<Integer> sizes) {
        Node n = t instanceof ParFor p ? p.expand() : (Node) t;
        collect(n.pre(), sizes);
        collect(n.post(), sizes);
        int size = 1;
        for (Child c : n.children()) {
            size += treeSize(c.task(), sizes);
        }
        return size;
    }

    // ------------------------------------------------------------------ running a program

    /** Runs programs on a {@link SimRuntime}, counting what the engine must see. */
    static final class Runner {
        final SimRuntime rt;
        long units;
        long tasks;
        long forks;

        Runner(SimRuntime rt) {
            this.rt = rt;
        }

        void work(long u) {
            units += u;
            rt.work(u);
        }

        void body(Body b) {
            List<SimTask> outstanding = new ArrayList<>();
            List<SimTask> detached = new ArrayList<>();
            for (Op op : b.ops()) {
                if (op instanceof Work w) {
                    work(w.units());
                } else if (op instanceof Fork f) {
                    forks++;
                    SimTask t = rt.fork(ordinary(f.body()));
                    (f.detached() ? detached : outstanding).add(t);
                } else if (op instanceof Join j) {
                    if (!outstanding.isEmpty()) {
                        rt.join(outstanding.remove(j.which() % outstanding.size()));
                    }
                } else if (op instanceof Call c) {
                    rt.invoke(ordinary(c.body()));
                } else if (op instanceof InvokeAll all) {
                    forks += all.bodies().size() - 1;
                    rt.invokeAll(all.bodies().stream().map(this::ordinary).toArray(SimTask[]::new));
                } else if (op instanceof InvokeTree t) {
                    rt.invoke(completer(t.root(), null));
                } else if (op instanceof ForkTree t) {
                    forks++;
                    outstanding.add(rt.fork(completer(t.root(), null)));
                }
            }
            for (SimTask t : outstanding) {
                rt.join(t);
            }
        }

        SimTask ordinary(Body b) {
            return new SimTask(r -> {
                tasks++;
                body(b);
            });
        }

        SimTask completer(CTask task, SimTask parent) {
            Node n = task instanceof ParFor p ? p.expand() : (Node) task;
            SimTask[] self = new SimTask[1];
            self[0] = new SimTask(r -> {
                tasks++;
                body(n.pre());
                if (n.upfront()) {
                    self[0].pending = n.children().size();
                }
                for (Child c : n.children()) {
                    work(c.before());
                    if (!n.upfront()) {
                        self[0].pending++;
                    }
                    forks++;
                    rt.fork(completer(c.task(), self[0]));
                }
                body(n.post());
                rt.tryComplete(self[0]);
                work(n.tail());
            }, parent, true);
            return self[0];
        }
    }

    /** One recording of a program: the online measures, the DAG and what the runner counted. */
    record Recording(WorkSpan online, Dag dag, int droppedEdges, long units, long tasks, long forks) {}

    /**
     * Records {@code program} under schedule {@code seed}. With {@code drainFirst} the tasks left
     * unjoined run before the region stops, not after, so the region closes with none outstanding.
     */
    static Recording record(Prog program, long seed, boolean collapse, boolean drainFirst) {
        SimRuntime rt = new SimRuntime(0, seed, true, collapse);
        Runner runner = new Runner(rt);
        Object token = rt.engine.regionStart("program");
        runner.body(program.main());
        if (drainFirst) {
            rt.drain();
        }
        rt.engine.regionStop(token);
        rt.drain();
        WorkSpan online = rt.engine.snapshot(true).measures();
        List<RecordedNode> recorded = new ArrayList<>();
        rt.engine.drainDagNodes(recorded::addAll, true);
        long[] frame = rt.engine.dagFrame();
        DagAssembler.Assembled assembled = DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]);
        return new Recording(online, assembled.dag(), assembled.droppedEdges(), runner.units, runner.tasks,
                runner.forks);
    }

    // ------------------------------------------------------------------ measures of a DAG

    static long work(Dag dag) {
        return dag.nodes().stream().mapToLong(DagNode::work).sum();
    }

    static long strands(Dag dag) {
        return dag.nodes().stream().mapToLong(DagNode::strands).sum();
    }

    static long taskEnds(Dag dag) {
        return dag.nodes().stream().mapToLong(DagNode::taskEnds).sum();
    }

    /** Σ over nodes of (start − ready) + innerDelay, ready the latest end among its predecessors (0 without any). */
    static long readyTime(Dag dag) {
        long total = 0;
        for (DagNode n : dag.nodes()) {
            if (!n.in().isEmpty()) {
                long ready = Long.MIN_VALUE;
                for (Edge e : n.in()) {
                    ready = Math.max(ready, dag.nodes().get(e.from()).end());
                }
                total += n.start() - ready;
            }
            total += n.innerDelay();
        }
        return total;
    }

    /** What one recording must say of itself, against the online engine and the runner's counts. */
    private static void checkOne(Recording r, String which) {
        Dag dag = r.dag();
        assertThat(r.droppedEdges()).as("%s: dropped edges", which).isZero();
        for (DagNode n : dag.nodes()) {
            for (Edge e : n.in()) {
                DagNode p = dag.nodes().get(e.from());
                assertThat(p.end()).as("%s: edge %s → %s (%s) goes forward in time", which, e.from(), n.id(), e.kind())
                        .isLessThanOrEqualTo(n.start());
            }
        }
        assertThat(r.online().work()).as("%s: online work = the program's work units", which).isEqualTo(r.units());
        assertThat(work(dag)).as("%s: Σ node work = online work", which).isEqualTo(r.online().work());
        assertThat(RecordedDagProperties.longestPath(dag)).as("%s: longest path = online span", which)
                .isEqualTo(r.online().span());
        assertThat(r.online().spawns()).as("%s: online spawns = the program's forks", which).isEqualTo(r.forks());
        assertThat(RecordedDagProperties.creates(dag)).as("%s: creates = the program's forks", which)
                .isEqualTo(r.forks());
        assertThat(taskEnds(dag)).as("%s: task ends = tasks run + the main thread's root", which)
                .isEqualTo(r.tasks() + 1);
    }

    // ------------------------------------------------------------------ properties

    @Property(tries = 1500)
    void collapsingKeepsTheRunOfCompleterPrograms(@ForAll("programs") Prog program, @ForAll long scheduleSeed,
                                                   @ForAll boolean drainFirst) {
        collapsingKeepsTheRun(program, scheduleSeed, drainFirst);
    }

    @Property(tries = 300)
    void collapsingKeepsTheRunOfParallelFors(@ForAll("parallelFors") Prog program, @ForAll long scheduleSeed) {
        collapsingKeepsTheRun(program, scheduleSeed, false);
    }

    private static void collapsingKeepsTheRun(Prog program, long scheduleSeed, boolean drainFirst) {
        Recording full = record(program, scheduleSeed, false, drainFirst);
        Recording collapsed = record(program, scheduleSeed, true, drainFirst);
        assertThat(collapsed.units()).isEqualTo(full.units());
        assertThat(collapsed.tasks()).isEqualTo(full.tasks());
        assertThat(collapsed.forks()).isEqualTo(full.forks());

        checkOne(full, "uncollapsed");
        checkOne(collapsed, "collapsed");

        assertThat(collapsed.online().work()).as("online work").isEqualTo(full.online().work());
        assertThat(collapsed.online().span()).as("online span").isEqualTo(full.online().span());
        Dag f = full.dag();
        Dag c = collapsed.dag();
        assertThat(f.nodes().stream().allMatch(n -> n.strands() == 1)).as("uncollapsed: every node a strand").isTrue();
        assertThat(strands(c)).as("collapsed strands = uncollapsed nodes").isEqualTo(f.nodes().size());
        assertThat(c.nodes().size()).as("collapsed nodes ≤ uncollapsed nodes").isLessThanOrEqualTo(f.nodes().size());
        assertThat(RecordedDagProperties.creates(c)).as("creates").isEqualTo(RecordedDagProperties.creates(f));
        assertThat(RecordedDagProperties.waits(c)).as("waits").isEqualTo(RecordedDagProperties.waits(f));
        assertThat(taskEnds(c)).as("task ends").isEqualTo(taskEnds(f));
        assertThat(readyTime(c)).as("Σ (start − ready) + inner delay").isEqualTo(readyTime(f));
    }

    /**
     * In the one-threaded simulator one worker runs every completer subtree, so collapsing must fold
     * at least one of them: with a completer tree of three or more tasks, the collapsed DAG has
     * fewer nodes. A tree of three or more tasks always has a subtree that stays whole: a leaf
     * completer, or a completer with children, all of whose tasks ran on this one worker; what
     * spoils a scope (a task forked in it and left unjoined, a foreign task run inside it) spoils
     * it and the scopes around it, never every subtree. So when the outermost completed scope
     * cannot collapse, an inner one completed by the same path must. (Fails on an engine that
     * never collapses completer subtrees, or that gives up when the outermost scope is spoiled.)
     */
    @Property(tries = 300)
    void completerTreesCollapseWhenOneWorkerRanThem(@ForAll("programsAndParallelFors") Prog program, @ForAll long scheduleSeed) {
        List<Integer> sizes = treeSizes(program);
        Assume.that(sizes.stream().anyMatch(s -> s >= 3));
        Recording full = record(program, scheduleSeed, false, true);
        Recording collapsed = record(program, scheduleSeed, true, true);
        assertThat(collapsed.dag().nodes().size())
                .as("collapsed nodes < uncollapsed nodes %s with completer trees of %s tasks",
                        full.dag().nodes().size(), sizes.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .isLessThan(full.dag().nodes().size());
    }

    /**
     * R forks completer child A, whose child is B; R's body then forks a task it never joins, so
     * R's scope cannot collapse, but A's subtree, which ran after that task, is whole. Worked by
     * hand: A's run is five nodes (A until it forks B, A until its tryComplete, A's end, B until
     * its tryComplete, B's end), which become one; R's nodes and the detached task's stay.
     */
    @Example
    void anInnerSubtreeCollapsesWhenADetachedForkSpoilsItsRoot() {
        Node b = new Node(Body.EMPTY, true, List.of(), Body.EMPTY, 0);
        Node a = new Node(Body.EMPTY, true, List.of(new Child(0, b)), Body.EMPTY, 0);
        Node r = new Node(Body.EMPTY, true, List.of(new Child(0, a)),
                new Body(List.of(new Fork(Body.EMPTY, true))), 0);
        Prog program = new Prog(new Body(List.of(new InvokeTree(r))));
        Recording full = record(program, 1, false, true);
        Recording collapsed = record(program, 1, true, true);
        assertThat(full.dag().nodes().size() - collapsed.dag().nodes().size()).as("nodes folded").isEqualTo(4);
        assertThat(collapsed.dag().nodes()).filteredOn(n -> n.strands() > 1).singleElement()
                .satisfies(n -> assertThat(n.strands()).isEqualTo(5));
    }
}
