package io.forkscope.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * <b>floorplan</b> — branch-and-bound search for the smallest-area placement of rectangular cells
 * (BOTS floorplan).
 *
 * <p>Each of n cells has two or three alternative shapes. Cell 0 sits at the origin; cell i is put
 * next to cell i−1 (touching one of its four sides, aligned with one of that side's two ends), must
 * not overlap any earlier cell, and the goal is the smallest bounding box once all cells are placed.
 * A partial placement is abandoned as soon as max(bounding box, area used + least area still needed)
 * reaches the best complete area found so far, which all tasks share.
 *
 * <p>DAG: a task for cell i &lt; cutoff creates a child task (with its own copy of the placement) for
 * every shape and position that survives the bound, and runs them with {@code invokeAll(collection)};
 * from cell cutoff on the search is a plain recursion with undo. The tree is irregular and pruning
 * depends on timing: a parallel run may explore more (or less) than the serial one — speculative
 * work that shows up as work stretch. Parallelism is high near the top.
 *
 * <p>n: number of cells (1..18; the cost of the search is irregular in n, as for any branch and
 * bound: from 18 to 19 cells it grows a thousandfold). cutoff: cells placed by tasks; deeper cells
 * are placed by a serial search.
 */
final class Floorplan extends KernelSample<Floorplan.Cells, Floorplan.Best> {
    /** Beyond 18 cells this instance's search grows from seconds to minutes. */
    static final int MAX_CELLS = 18;

    /** shapes[i] = {{w, h}, …} of cell i; minRest[i] = least total area of cells i..n−1. */
    record Cells(int[][][] shapes, int[] minRest) {
        int count() {
            return shapes.length;
        }
    }

    /** The best complete placement so far, shared by all tasks. */
    static final class Best {
        final AtomicInteger area = new AtomicInteger(Integer.MAX_VALUE);
        int[] xs;
        int[] ys;
        int[] choice;

        Best(int bound) {
            area.set(bound);
        }

        void offer(int candidate, Placement p) {
            int current = area.get();
            while (candidate < current) {
                if (area.compareAndSet(current, candidate)) {
                    synchronized (this) {
                        if (xs == null || candidate <= area.get()) {
                            xs = p.x.clone();
                            ys = p.y.clone();
                            choice = p.shape.clone();
                        }
                    }
                    return;
                }
                current = area.get();
            }
        }
    }

    /** A partial placement: cells 0..i−1 placed, with their bounding box and total area. */
    static final class Placement {
        final int[] x;
        final int[] y;
        final int[] w;
        final int[] h;
        final int[] shape;
        int minX;
        int minY;
        int maxX;
        int maxY;
        int used;

        Placement(int n) {
            x = new int[n];
            y = new int[n];
            w = new int[n];
            h = new int[n];
            shape = new int[n];
        }

        Placement copy() {
            Placement p = new Placement(x.length);
            System.arraycopy(x, 0, p.x, 0, x.length);
            System.arraycopy(y, 0, p.y, 0, y.length);
            System.arraycopy(w, 0, p.w, 0, w.length);
            System.arraycopy(h, 0, p.h, 0, h.length);
            System.arraycopy(shape, 0, p.shape, 0, shape.length);
            p.minX = minX;
            p.minY = minY;
            p.maxX = maxX;
            p.maxY = maxY;
            p.used = used;
            return p;
        }

        int area() {
            return (maxX - minX) * (maxY - minY);
        }
    }

    Floorplan() {
        super("floorplan", "branch-and-bound minimum-area placement of cells with alternative shapes (BOTS floorplan)",
                "number of cells", 17, "cells placed by tasks; deeper cells are placed by a serial search", 4);
    }

    static final class PlaceTask extends RecursiveAction {
        private final Cells cells;
        private final Best best;
        private final Placement p;
        private final int i;
        private final int cutoff;
        private final boolean serial;

        PlaceTask(Cells cells, Best best, Placement p, int i, int cutoff, boolean serial) {
            this.cells = cells;
            this.best = best;
            this.p = p;
            this.i = i;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            if (i == cells.count()) {
                best.offer(p.area(), p);
                return;
            }
            if (i >= cutoff) {
                search(cells, best, p, i);
                return;
            }
            List<PlaceTask> children = new ArrayList<>();
            int[] pos = new int[16];
            for (int s = 0; s < cells.shapes()[i].length; s++) {
                int cw = cells.shapes()[i][s][0];
                int ch = cells.shapes()[i][s][1];
                int count = positions(p, i, cw, ch, pos);
                for (int c = 0; c < count; c++) {
                    if (fits(p, i, pos[2 * c], pos[2 * c + 1], cw, ch)) {
                        Placement next = p.copy();
                        place(next, i, s, pos[2 * c], pos[2 * c + 1], cw, ch);
                        if (bound(cells, next, i + 1) < best.area.get()) {
                            children.add(new PlaceTask(cells, best, next, i + 1, cutoff, serial));
                        }
                    }
                }
            }
            if (serial) {
                for (PlaceTask child : children) {
                    child.compute();
                }
            } else {
                ForkJoinTask.invokeAll(children);
            }
        }
    }

    /** The serial branch and bound, placing cells i.. in p in place and undoing on return. */
    static void search(Cells cells, Best best, Placement p, int i) {
        if (i == cells.count()) {
            best.offer(p.area(), p);
            return;
        }
        int[] pos = new int[16];
        int minX = p.minX;
        int minY = p.minY;
        int maxX = p.maxX;
        int maxY = p.maxY;
        int used = p.used;
        for (int s = 0; s < cells.shapes()[i].length; s++) {
            int cw = cells.shapes()[i][s][0];
            int ch = cells.shapes()[i][s][1];
            int count = positions(p, i, cw, ch, pos);
            for (int c = 0; c < count; c++) {
                if (fits(p, i, pos[2 * c], pos[2 * c + 1], cw, ch)) {
                    place(p, i, s, pos[2 * c], pos[2 * c + 1], cw, ch);
                    if (bound(cells, p, i + 1) < best.area.get()) {
                        search(cells, best, p, i + 1);
                    }
                    p.minX = minX;
                    p.minY = minY;
                    p.maxX = maxX;
                    p.maxY = maxY;
                    p.used = used;
                }
            }
        }
    }

    /** Candidate corners for a cw×ch cell i next to cell i−1 (the origin for cell 0). @return count */
    static int positions(Placement p, int i, int cw, int ch, int[] out) {
        if (i == 0) {
            out[0] = 0;
            out[1] = 0;
            return 1;
        }
        int px = p.x[i - 1];
        int py = p.y[i - 1];
        int pw = p.w[i - 1];
        int ph = p.h[i - 1];
        int[] cand = {
            px + pw, py, px + pw, py + ph - ch, // right side, top- and bottom-aligned
            px - cw, py, px - cw, py + ph - ch, // left side
            px, py + ph, px + pw - cw, py + ph, // below, left- and right-aligned
            px, py - ch, px + pw - cw, py - ch, // above
        };
        int count = 0;
        for (int c = 0; c < 8; c++) {
            int cx = cand[2 * c];
            int cy = cand[2 * c + 1];
            if (c % 2 == 1 && cx == cand[2 * c - 2] && cy == cand[2 * c - 1]) {
                continue; // both alignments coincide
            }
            out[2 * count] = cx;
            out[2 * count + 1] = cy;
            count++;
        }
        return count;
    }

    static boolean fits(Placement p, int i, int x, int y, int w, int h) {
        for (int j = 0; j < i; j++) {
            if (x < p.x[j] + p.w[j] && p.x[j] < x + w && y < p.y[j] + p.h[j] && p.y[j] < y + h) {
                return false;
            }
        }
        return true;
    }

    static void place(Placement p, int i, int s, int x, int y, int w, int h) {
        p.x[i] = x;
        p.y[i] = y;
        p.w[i] = w;
        p.h[i] = h;
        p.shape[i] = s;
        if (i == 0) {
            p.minX = x;
            p.minY = y;
            p.maxX = x + w;
            p.maxY = y + h;
        } else {
            p.minX = Math.min(p.minX, x);
            p.minY = Math.min(p.minY, y);
            p.maxX = Math.max(p.maxX, x + w);
            p.maxY = Math.max(p.maxY, y + h);
        }
        p.used += w * h;
    }

    /** A lower bound on the final area with cells 0..placed−1 placed. */
    static int bound(Cells cells, Placement p, int placed) {
        return Math.max(p.area(), p.used + cells.minRest()[placed]);
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1 && n <= MAX_CELLS, "n must be in 1.." + MAX_CELLS + " (cells; the search explodes beyond)");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Cells prepare(int n, int cutoff) {
        SplittableRandom rnd = new SplittableRandom(0xF100L);
        int[][][] shapes = new int[n][][];
        int[] minRest = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int w = rnd.nextInt(1, 5);
            int h = rnd.nextInt(1, 5);
            int w2 = rnd.nextInt(1, 5);
            int h2 = rnd.nextInt(1, 5);
            List<int[]> alts = new ArrayList<>();
            alts.add(new int[] {w, h});
            if (w != h) {
                alts.add(new int[] {h, w});
            }
            if (!(w2 == w && h2 == h) && !(w2 == h && h2 == w)) {
                alts.add(new int[] {w2, h2});
            }
            shapes[i] = alts.toArray(new int[0][]);
        }
        for (int i = n - 1; i >= 0; i--) {
            int least = Integer.MAX_VALUE;
            for (int[] s : shapes[i]) {
                least = Math.min(least, s[0] * s[1]);
            }
            minRest[i] = minRest[i + 1] + least;
        }
        return new Cells(shapes, minRest);
    }

    @Override
    Best kernel(Cells cells, Exec exec) {
        Best best = new Best(Integer.MAX_VALUE);
        PlaceTask root = new PlaceTask(cells, best, new Placement(cells.count()), 0, exec.cutoff(), exec.serial());
        exec.run(root, root::compute);
        return best;
    }

    /** The layout must be legal with the reported area, and a serial search must find nothing smaller. */
    @Override
    String check(Cells cells, Best best) {
        int n = cells.count();
        if (best.xs == null) {
            return "no placement found";
        }
        Placement p = new Placement(n);
        int[] pos = new int[16];
        for (int i = 0; i < n; i++) {
            int s = best.choice[i];
            if (s < 0 || s >= cells.shapes()[i].length) {
                return "cell " + i + " has no shape " + s;
            }
            int cw = cells.shapes()[i][s][0];
            int ch = cells.shapes()[i][s][1];
            boolean allowed = false;
            int count = positions(p, i, cw, ch, pos);
            for (int c = 0; c < count; c++) {
                allowed |= pos[2 * c] == best.xs[i] && pos[2 * c + 1] == best.ys[i];
            }
            if (!allowed || !fits(p, i, best.xs[i], best.ys[i], cw, ch)) {
                return "cell " + i + " is misplaced";
            }
            place(p, i, s, best.xs[i], best.ys[i], cw, ch);
        }
        if (p.area() != best.area.get()) {
            return "layout area " + p.area() + " differs from reported " + best.area.get();
        }
        Best proof = new Best(best.area.get());
        search(cells, proof, new Placement(n), 0);
        if (proof.area.get() < best.area.get()) {
            return "not optimal: area " + proof.area.get() + " exists, reported " + best.area.get();
        }
        return null;
    }

    @Override
    String summary(Cells cells, Best best) {
        return "area=" + best.area.get();
    }
}
