package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.FrameKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Table 1 per context. A context's idleness (overhead) is high when it is at least
 * {@code idlenessThreshold} ({@code overheadThreshold}) of the context's own inclusive effort: a
 * share of the context's effort, not of the program's, because the advice is about how the
 * context is parallelised, whatever its weight in the run. Defaults: idleness 25% (while the
 * context runs, a quarter of the workers' time is wasted: parallel efficiency below 75%, where a
 * finer grain usually pays); overhead 10% (one tenth of the context's effort goes to the pool's
 * and the tool's code: the range where HPCToolkit's paper and fork/join practice say the tasks are
 * too small, as a sequential cutoff typically recovers most of it).
 *
 * <p>The overhead judged is the program's: a context's overhead less forkscope's own code below it, as a
 * share of its effort less that code (the program as if it ran without the recorder). The recorder's
 * hooks and woven calls cost per task and per call, which is no grain the program chose; on a fine
 * grain they can be most of the overhead, and the advice would say "coarsen" for the recorder's sake.
 *
 * <p>Never advised on: forkscope's own code ({@link ForkscopeCode#isOwn}: its frames and the JDK's
 * called from them), whose cost goes to the program context that called it and is shown there as
 * such ({@link Advised#forkscopeShare}); and, when sample counts are given (the physical view,
 * whose shares are sample ratios), a context whose shares rest on fewer than {@code minSamples}
 * samples. Default {@value #MIN_SAMPLES}: a share p estimated from N samples has a binomial standard
 * error of sqrt(p(1 − p)/N); at the overhead threshold t = 10%, the 95% interval lies within t/2
 * either side (5% to 15%, so a share below half the threshold or above one and a half times it is
 * told from it) when N ≥ (2 · 1.96)² (1 − t)/t = 138.3; the idleness threshold (25%) needs only 47.
 */
public record Advisor(double idlenessThreshold, double overheadThreshold, int minSamples) {
    /** The default minimum of samples behind a context's shares (see the class comment). */
    public static final int MIN_SAMPLES = 139;
    public static final Advisor DEFAULT = new Advisor(0.25, 0.10, MIN_SAMPLES);

    /**
     * A context with its advice; shares are of the context's own inclusive effort.
     *
     * @param forkscopeShare the share of that effort spent in forkscope's own code (included in the
     *                       overhead share: the recorder's cost per task and per woven call)
     * @param samples        the samples its shares rest on (inclusive), -1 when not counted (exact view)
     * @param advice         Table 1's advice, null when the shares rest on fewer than {@link #minSamples};
     *                       judged on the program's overhead (without forkscope's own code)
     * @param highOnlyWithForkscope whether the overhead share reaches the threshold only with forkscope's
     *                       own code in it (the advice then takes the program's overhead as low)
     */
    public record Advised(int node, double idlenessShare, double overheadShare, double forkscopeShare, long samples,
                          Advice advice, boolean highOnlyWithForkscope) {
        /** @return whether Table 1 was applied (enough samples) */
        public boolean advised() {
            return advice != null;
        }
    }

    /** The advice on {@code node}, its samples not counted. */
    public Advised advise(ContextProfile profile, int node) {
        return advise(profile, node, ForkscopeCode.inclusiveOwnEffort(profile)[node], -1);
    }

    private Advised advise(ContextProfile profile, int node, double ownEffort, long samples) {
        double effort = profile.inclusive(Metric.EFFORT, node);
        double idle = effort == 0 ? 0 : profile.inclusive(Metric.IDLENESS, node) / effort;
        double over = effort == 0 ? 0 : profile.inclusive(Metric.OVERHEAD, node) / effort;
        double own = effort == 0 ? 0 : ownEffort / effort;
        // the program's overhead, as if forkscope's own code were not there: the recorder's cost is not
        // a grain the program chose
        double programOver = effort - ownEffort <= 0 ? 0
                : Math.max(0, profile.inclusive(Metric.OVERHEAD, node) - ownEffort) / (effort - ownEffort);
        Advice advice = samples >= 0 && samples < minSamples ? null
                : Advice.of(idle >= idlenessThreshold, programOver >= overheadThreshold);
        return new Advised(node, idle, over, own, samples, advice,
                over >= overheadThreshold && programOver < overheadThreshold);
    }

    /** {@link #hotspots(ContextProfile, int, long[])} without sample counts (every hotspot advised). */
    public List<Advised> hotspots(ContextProfile profile, int k) {
        return hotspots(profile, k, null);
    }

    /**
     * The {@code k} program contexts with the most idleness + overhead, each advised on its
     * inclusive values. A context's waste is its exclusive idleness + overhead plus that of the
     * runtime and tool frames called from it (the pool's {@code fork}, the recorder's hooks and what
     * they call): the advice is for the program's code that caused it, not for a frame of the pool or
     * of forkscope, which a user cannot change. A context whose frame is the program's (or the root)
     * is a program context; synthetic nodes are left out.
     *
     * @param samplesPerNode each node's own (exclusive) sample count, or null: with counts, a hotspot
     *                       whose subtree holds fewer than {@link #minSamples} samples is listed with no
     *                       advice ({@link Advised#advised} false)
     */
    public List<Advised> hotspots(ContextProfile profile, int k, long[] samplesPerNode) {
        ContextTree tree = profile.tree();
        double[] waste = new double[profile.nodes()];
        for (int node = 0; node < profile.nodes(); node++) {
            double w = profile.exclusive(Metric.IDLENESS, node) + profile.exclusive(Metric.OVERHEAD, node);
            if (w > 0) {
                waste[programContext(tree, node)] += w;
            }
        }
        long[] samples = samplesPerNode == null ? null : inclusive(tree, samplesPerNode);
        double[] own = ForkscopeCode.inclusiveOwnEffort(profile);
        List<Integer> nodes = new ArrayList<>();
        for (int node = 0; node < profile.nodes(); node++) {
            boolean synthetic = node != ContextTree.ROOT && tree.frame(node).kind() == FrameKind.SYNTHETIC;
            if (!synthetic && waste[node] > 0) {
                nodes.add(node);
            }
        }
        nodes.sort(Comparator.comparingDouble((Integer n) -> -waste[n]).thenComparingInt(n -> n));
        return nodes.stream().limit(k).map(n -> advise(profile, n, own[n], samples == null ? -1 : samples[n])).toList();
    }

    /** Per node, the samples of its subtree (nodes past the end of {@code exclusive} have none). */
    static long[] inclusive(ContextTree tree, long[] exclusive) {
        long[] out = new long[tree.size()];
        System.arraycopy(exclusive, 0, out, 0, Math.min(exclusive.length, out.length));
        for (int node = out.length - 1; node > 0; node--) {    // a child's id is greater than its parent's
            out[tree.parent(node)] += out[node];
        }
        return out;
    }

    /**
     * @return {@code node} if its frame is the program's (and not forkscope's own cost), synthetic or
     *     the root, else its nearest ancestor that is: runtime and tool frames, and the JDK's frames
     *     called from forkscope's, belong to the program code that called them; so do the JDK's frames
     *     below a forkscope frame (the class loader that runs the call-site weaver, the instrumentation
     *     that calls a transformer), which run forkscope's code on the program's behalf
     */
    static int programContext(ContextTree tree, int node) {
        int n = node;
        boolean throughForkscope = false;
        while (n != ContextTree.ROOT) {
            FrameKind kind = tree.frame(n).kind();
            boolean own = kind == FrameKind.TOOL || ForkscopeCode.isOwn(tree, n);
            if (own || kind == FrameKind.RUNTIME || (throughForkscope && ForkscopeCode.jdk(tree.frame(n)))) {
                throughForkscope |= own;
                n = tree.parent(n);
            } else {
                break;
            }
        }
        return n;
    }
}
