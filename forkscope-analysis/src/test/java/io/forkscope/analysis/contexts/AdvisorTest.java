package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 item 8: Table 1 is never applied to forkscope's own code (its frames and the JDK's called
 * from them), and, with sample counts (the physical view), never to a context whose shares rest on
 * fewer than {@link Advisor#MIN_SAMPLES} samples. Hand-built trees; every share written down.
 */
class AdvisorTest {
    /**
     * The measured case: a parallel sum's compute forks; the pool's fork calls forkscope's hook,
     * whose SpanEngine.create increments a LongAdder. 100 of overhead lies in LongAdder.add (a JDK
     * frame, kind PROGRAM), 20 in the pool's push, 80 of work in compute and 40 in its leaf. Before,
     * LongAdder.add was a program context and got "coarsen the grain" at 100% overhead.
     */
    @Test
    void forkscopesOwnFramesAndTheJdkFramesTheyCallAreNeverAdvisedOn() {
        ContextTree tree = new ContextTree();
        int compute = tree.child(ContextTree.ROOT, Frame.of("app.Sum", "compute", -1, -1));
        int fork = tree.child(compute, Frame.of("java.util.concurrent.ForkJoinTask", "fork", -1, -1));
        int push = tree.child(fork, Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", -1, -1));
        int hook = tree.child(fork, Frame.of("io.forkscope.recorder.fj.ForkJoinHooks", "create", -1, -1));
        int create = tree.child(hook, Frame.of("io.forkscope.recorder.engine.SpanEngine", "create", -1, -1));
        int increment = tree.child(create, Frame.of("java.util.concurrent.atomic.LongAdder", "increment", -1, -1));
        int add = tree.child(increment, Frame.of("java.util.concurrent.atomic.LongAdder", "add", -1, -1));
        int isDone = tree.child(create, Frame.of("java.util.concurrent.ForkJoinTask", "isDone", -1, -1));
        int region = tree.child(create, Frame.of("app.Sum", "regionBody", -1, -1));  // the program's again
        int leaf = tree.child(compute, Frame.of("app.Sum", "leaf", -1, -1));
        int list = tree.child(leaf, Frame.of("java.util.ArrayList", "get", -1, -1));  // JDK under the program
        // a class loaded in the leaf goes through the JDK's instrumentation to forkscope's weaver
        int load = tree.child(leaf, Frame.of("java.lang.ClassLoader", "loadClass", -1, -1));
        int transform = tree.child(load, Frame.of("java.lang.instrument.ClassFileTransformer", "transform", -1, -1));
        int weave = tree.child(transform, Frame.of("io.forkscope.recorder.sites.weave.SiteWeaver", "transform", -1, -1));
        int read = tree.child(weave, Frame.of("io.forkscope.shaded.net.bytebuddy.jar.asm.ClassReader", "readInt", -1, -1));
        double[] work = new double[tree.size()];
        double[] idle = new double[tree.size()];
        double[] over = new double[tree.size()];
        work[compute] = 80;
        over[push] = 20;
        over[add] = 100;
        over[isDone] = 10;
        work[region] = 5;
        work[leaf] = 30;
        work[list] = 10;
        over[read] = 7;
        ContextProfile p = new ContextProfile(tree, work, idle, over);

        for (int own : new int[] {hook, create, increment, add, isDone, weave, read}) {
            assertThat(ForkscopeCode.isOwn(tree, own)).as(tree.frame(own).label()).isTrue();
        }
        for (int not : new int[] {compute, fork, push, region, leaf, list, load, transform}) {
            assertThat(ForkscopeCode.isOwn(tree, not)).as(tree.frame(not).label()).isFalse();
        }
        assertThat(Advisor.programContext(tree, add)).isEqualTo(compute);
        assertThat(Advisor.programContext(tree, isDone)).isEqualTo(compute);
        assertThat(Advisor.programContext(tree, read)).isEqualTo(leaf);
        assertThat(Advisor.programContext(tree, list)).isEqualTo(list);
        assertThat(SampledContexts.forkscopeOwnNs(p)).isEqualTo(117);

        List<Advisor.Advised> hot = Advisor.DEFAULT.hotspots(p, 10);
        assertThat(hot).extracting(Advisor.Advised::node).containsExactly(compute, leaf);
        Advisor.Advised a = hot.get(0);
        // compute's effort: 80 + 20 + 100 + 10 + 5 + 30 + 10 + 7 = 262, overhead 137 of it, 117 forkscope's
        assertThat(a.overheadShare()).isEqualTo(137.0 / 262);
        assertThat(a.forkscopeShare()).isEqualTo(117.0 / 262);
        // the program's own overhead is the pool's push, 20 of its 145 without forkscope's (13.8%): high
        assertThat(a.advice()).isEqualTo(Advice.COARSEN_GRAIN);
        assertThat(a.highOnlyWithForkscope()).isFalse();
        assertThat(a.samples()).isEqualTo(-1);
        // the leaf's own waste is the weaver's 7 of its 47
        assertThat(hot.get(1).overheadShare()).isEqualTo(7.0 / 47);
        assertThat(hot.get(1).forkscopeShare()).isEqualTo(7.0 / 47);
    }

    /**
     * The overhead judged is the program's, as if forkscope's code were not there: compute (work 100)
     * forks through the pool's push and forkscope's hook (20). Push 30: the program's overhead 30 / 130
     * (23%) -> coarsen. Push 12: 12 / 112 (10.7%) -> still coarsen; push 11: 11 / 111 (9.9%) ->
     * effectively parallel, though the overhead with forkscope's (31 / 131, 23.7%) is high.
     */
    @Test
    void theOverheadJudgedIsTheProgramsWithoutForkscopesOwnCost() {
        double[][] cases = {{30, 1, 0}, {12, 1, 0}, {11, 0, 1}};
        for (double[] c : cases) {
            ContextTree tree = new ContextTree();
            int compute = tree.child(ContextTree.ROOT, Frame.of("app.Sum", "compute", -1, -1));
            int fork = tree.child(compute, Frame.of("java.util.concurrent.ForkJoinTask", "fork", -1, -1));
            int push = tree.child(fork, Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", -1, -1));
            int hook = tree.child(fork, Frame.of("io.forkscope.recorder.fj.ForkJoinHooks", "create", -1, -1));
            double[] work = new double[tree.size()];
            double[] over = new double[tree.size()];
            work[compute] = 100;
            over[push] = c[0];
            over[hook] = 20;
            Advisor.Advised a = Advisor.DEFAULT.hotspots(new ContextProfile(tree, work, new double[tree.size()], over), 1)
                    .get(0);
            String as = "push " + c[0];
            assertThat(a.node()).as(as).isEqualTo(compute);
            assertThat(a.overheadShare()).as(as).isEqualTo((c[0] + 20) / (120 + c[0]));
            assertThat(a.advice()).as(as).isEqualTo(c[1] == 1 ? Advice.COARSEN_GRAIN : Advice.EFFECTIVELY_PARALLEL);
            assertThat(a.highOnlyWithForkscope()).as(as).isEqualTo(c[2] == 1);
        }
    }

    /**
     * A context's shares rest on its subtree's samples. compute runs leaf; leaf holds all the idleness
     * (50% of its effort: refine the grain) and n samples, one of them in a JDK callee (a subtree count).
     * At n = 138 (just under the minimum) it is listed without advice; at 139 and 140, advised.
     */
    @Test
    void thePhysicalViewAdvisesOnlyFromTheMinimumOfSamplesOn() {
        assertThat(Advisor.MIN_SAMPLES).isEqualTo(139);
        // the minimum's derivation: the smallest N with 1.96 sqrt(t (1 - t) / N) <= t / 2 at t = 10%
        double t = Advisor.DEFAULT.overheadThreshold();
        assertThat(1.96 * Math.sqrt(t * (1 - t) / 139)).isLessThanOrEqualTo(t / 2);
        assertThat(1.96 * Math.sqrt(t * (1 - t) / 138)).isGreaterThan(t / 2);
        for (int n : new int[] {138, 139, 140}) {
            ContextTree tree = new ContextTree();
            int compute = tree.child(ContextTree.ROOT, Frame.of("app.Sum", "compute", -1, -1));
            int leaf = tree.child(compute, Frame.of("app.Sum", "leaf", -1, -1));
            int get = tree.child(leaf, Frame.of("java.util.ArrayList", "get", -1, -1));
            double[] work = new double[tree.size()];
            double[] idle = new double[tree.size()];
            double[] over = new double[tree.size()];
            work[leaf] = n - 1;
            work[get] = 1;
            idle[leaf] = n;
            long[] samples = new long[tree.size()];
            samples[leaf] = n - 1;
            samples[get] = 1;
            ContextProfile p = new ContextProfile(tree, work, idle, over);
            List<Advisor.Advised> hot = Advisor.DEFAULT.hotspots(p, 5, samples);
            assertThat(hot).extracting(Advisor.Advised::node).containsExactly(leaf);
            Advisor.Advised a = hot.get(0);
            assertThat(a.samples()).isEqualTo(n);
            assertThat(a.idlenessShare()).isEqualTo(0.5);
            assertThat(a.advised()).as(n + " samples").isEqualTo(n >= 139);
            assertThat(a.advice()).as(n + " samples").isEqualTo(n >= 139 ? Advice.REFINE_GRAIN : null);
            // without counts (the exact view) every hotspot is advised
            assertThat(Advisor.DEFAULT.hotspots(p, 5).get(0).advice()).isEqualTo(Advice.REFINE_GRAIN);
            assertThat(compute).isEqualTo(1);
        }
    }
}
