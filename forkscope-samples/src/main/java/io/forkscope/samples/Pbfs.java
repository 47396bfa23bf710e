package io.forkscope.samples;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * <b>pbfs</b> — layer-synchronous parallel breadth-first search in the style of PBFS (Leiserson and
 * Schardl; Cilkview §7, Cilkprof §8), over a generated 3-D grid graph like the papers' Grid3D
 * (each vertex joined to its 6 axis neighbours, the 7-point mesh).
 *
 * <p>Each layer's frontier is a "bag": a binary tree whose leaves are segments (arrays) of vertices.
 * Processing a layer walks the bag in parallel — at a tree node {@code fork} the left subtree,
 * process the right, {@code join}; a segment larger than the cut-off is split in halves the same
 * way — and each leaf scans its vertices' edges, claiming unvisited neighbours with a
 * compare-and-set on their distance and appending them to a new segment. The results combine into
 * the next layer's bag with no copying. Layers run one after another (the serial outer loop).
 *
 * <p>DAG: per layer, a fork tree over the frontier whose leaves each process at most cutoff
 * vertices; span ≈ layers × (log frontier + cutoff·degree). For a grid of side n there are
 * 3(n−1)+1 layers and the frontier is a diagonal plane of up to ~n²·3/4 vertices, so parallelism is
 * about n² / (cutoff·log n)-ish on average. Cilkprof §8 found PBFS's span dominated by its
 * constant-size serial base case: lower the cut-off to see the same effect.
 *
 * <p>n: grid side (n³ vertices). cutoff: frontier vertices per leaf task.
 */
final class Pbfs extends KernelSample<Pbfs.Input, Integer> {

    /** A CSR graph: the neighbours of v are adj[start[v] .. start[v+1]). */
    record Graph(int side, int[] start, int[] adj) {
        int vertices() {
            return start.length - 1;
        }
    }

    /** The graph and the distance array (all −1), prepared outside the measured kernel. */
    record Input(Graph graph, AtomicIntegerArray dist) {}

    /** A frontier: a segment of vertices, or a pair of bags. */
    abstract static class Bag {
        abstract int size();
    }

    static final class Segment extends Bag {
        final int[] vertices;
        final int count;

        Segment(int[] vertices, int count) {
            this.vertices = vertices;
            this.count = count;
        }

        @Override
        int size() {
            return count;
        }
    }

    static final class Pair extends Bag {
        final Bag left;
        final Bag right;
        final int size;

        Pair(Bag left, Bag right) {
            this.left = left;
            this.right = right;
            this.size = left.size() + right.size();
        }

        @Override
        int size() {
            return size;
        }
    }

    static final Bag EMPTY = new Segment(new int[0], 0);

    static Bag union(Bag a, Bag b) {
        return a.size() == 0 ? b : b.size() == 0 ? a : new Pair(a, b);
    }

    Pbfs() {
        super("pbfs", "layer-synchronous parallel BFS over a 3-D grid graph with bags of segments (PBFS)",
                "grid side (n^3 vertices, 6 neighbours each)", 200, "frontier vertices per leaf task", 256);
    }

    /** Expands part of a frontier (a bag, or vertices [lo, hi) of a segment) into the next layer. */
    static final class Expand extends RecursiveTask<Bag> {
        private final Graph g;
        private final AtomicIntegerArray dist;
        private final Bag bag;
        private final int lo;
        private final int hi;
        private final int layer;
        private final int cutoff;
        private final boolean serial;

        Expand(Graph g, AtomicIntegerArray dist, Bag bag, int lo, int hi, int layer, int cutoff, boolean serial) {
            this.g = g;
            this.dist = dist;
            this.bag = bag;
            this.lo = lo;
            this.hi = hi;
            this.layer = layer;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected Bag compute() {
            Expand left;
            Expand right;
            if (bag instanceof Pair) {
                Pair p = (Pair) bag;
                left = part(p.left, 0, p.left.size());
                right = part(p.right, 0, p.right.size());
            } else if (hi - lo > cutoff) {
                int mid = (lo + hi) >>> 1;
                left = part(bag, lo, mid);
                right = part(bag, mid, hi);
            } else {
                return processSegment(g, dist, (Segment) bag, lo, hi, layer);
            }
            if (serial) {
                Bag l = left.compute();
                return union(l, right.compute());
            }
            left.fork();
            Bag r = right.compute();
            return union(left.join(), r);
        }

        private Expand part(Bag b, int from, int to) {
            return new Expand(g, dist, b, from, to, layer, cutoff, serial);
        }
    }

    /** The base case: scan the edges of vertices [lo, hi) of a segment; claim unvisited neighbours. */
    static Bag processSegment(Graph g, AtomicIntegerArray dist, Segment s, int lo, int hi, int layer) {
        int[] out = new int[Math.max(16, (hi - lo) * 2)];
        int count = 0;
        for (int k = lo; k < hi; k++) {
            int v = s.vertices[k];
            for (int e = g.start()[v]; e < g.start()[v + 1]; e++) {
                int u = g.adj()[e];
                if (dist.get(u) < 0 && dist.compareAndSet(u, -1, layer + 1)) {
                    if (count == out.length) {
                        out = Arrays.copyOf(out, count * 2);
                    }
                    out[count++] = u;
                }
            }
        }
        return count == 0 ? EMPTY : new Segment(out, count);
    }

    /** The layer loop. @return the number of layers */
    static final class Search extends RecursiveTask<Integer> {
        private final Graph g;
        private final AtomicIntegerArray dist;
        private final int cutoff;
        private final boolean serial;

        Search(Graph g, AtomicIntegerArray dist, int cutoff, boolean serial) {
            this.g = g;
            this.dist = dist;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected Integer compute() {
            dist.set(0, 0);
            Bag frontier = new Segment(new int[] {0}, 1);
            int layer = 0;
            while (frontier.size() > 0) {
                frontier = new Expand(g, dist, frontier, 0, frontier.size(), layer, cutoff, serial).compute();
                layer++;
            }
            return layer;
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1 && n <= 400, "n must be in 1..400");
        require(cutoff >= 1, "cutoff must be at least 1");
    }

    @Override
    Input prepare(int n, int cutoff) {
        int vertices = n * n * n;
        int[] start = new int[vertices + 1];
        int[] adj = new int[6 * vertices];
        int e = 0;
        int[][] steps = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                for (int z = 0; z < n; z++) {
                    start[(x * n + y) * n + z] = e;
                    for (int[] d : steps) {
                        int a = x + d[0];
                        int b = y + d[1];
                        int c = z + d[2];
                        if (a >= 0 && a < n && b >= 0 && b < n && c >= 0 && c < n) {
                            adj[e++] = (a * n + b) * n + c;
                        }
                    }
                }
            }
        }
        start[vertices] = e;
        AtomicIntegerArray dist = new AtomicIntegerArray(vertices);
        for (int v = 0; v < vertices; v++) {
            dist.set(v, -1);
        }
        return new Input(new Graph(n, start, Arrays.copyOf(adj, e)), dist);
    }

    @Override
    Integer kernel(Input in, Exec exec) {
        Search root = new Search(in.graph(), in.dist(), exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    /** In a grid searched from the corner (0,0,0), the distance of (x,y,z) is x + y + z. */
    @Override
    String check(Input in, Integer layers) {
        int n = in.graph().side();
        if (layers != 3 * (n - 1) + 1) {
            return "expected " + (3 * (n - 1) + 1) + " layers, got " + layers;
        }
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                for (int z = 0; z < n; z++) {
                    int d = in.dist().get((x * n + y) * n + z);
                    if (d != x + y + z) {
                        return "distance of (" + x + "," + y + "," + z + ") expected " + (x + y + z) + " got " + d;
                    }
                }
            }
        }
        return null;
    }

    @Override
    String summary(Input in, Integer layers) {
        long sum = 0;
        for (int v = 0; v < in.dist().length(); v++) {
            sum += in.dist().get(v);
        }
        return "vertices=" + in.graph().vertices() + " layers=" + layers + " dist_sum=" + sum;
    }
}
