package io.forkscope.samples;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.RecursiveAction;

/**
 * <b>health</b> — a hierarchical simulation of a health system over a tree of villages (BOTS
 * health, after the Olden benchmark).
 *
 * <p>Villages form a 4-ary tree of {@value #LEVELS} levels (341 villages), each with a hospital.
 * Every time step, villagers fall ill at random (each village has its own random generator, so the
 * simulation is deterministic), queue for the hospital's staff, are assessed, and are then either
 * treated there or sent up to the parent village's hospital; the root treats everyone. Hospitals
 * higher up have more staff, so no queue grows without bound and every step costs about the same.
 *
 * <p>DAG: per time step, the step of a village forks one task per child village (a loop of forks),
 * joins them all (newest first), then takes in the patients they sent up and simulates its own
 * hospital. Villages at level ≥ cutoff step their whole subtree with plain calls. Each step is a
 * tree of small tasks whose span is the chain root → leaf; parallelism is the number of villages
 * over the depth (tens), and tasks are fine-grained — BOTS health is one of the two programs whose
 * DAG Delay Spotter found too fine to record cheaply.
 *
 * <p>n: number of time steps. cutoff: tree level from which subtrees are stepped serially (0 = a
 * serial step).
 */
final class Health extends KernelSample<Health.Village, Health.Village> {
    static final int LEVELS = 5;
    static final int BRANCHING = 4;
    static final int POPULATION = 500;
    static final double FALL_ILL = 0.0003;
    /** Staff of a leaf village's hospital; each level up adds as many again. */
    static final int STAFF = 4;
    static final int ASSESS_TIME = 3;
    static final int TREAT_TIME = 10;

    static final class Patient {
        int remaining; // steps left in the current stage
        int totalTime; // steps since falling ill
        int hospitalsVisited;
    }

    static final class Village {
        final int level;
        final Village[] children;
        long seed;
        final int staff;
        int freeStaff;
        final ArrayDeque<Patient> waiting = new ArrayDeque<>();
        final List<Patient> assessing = new ArrayList<>();
        final List<Patient> treating = new ArrayList<>();
        final List<Patient> sentUp = new ArrayList<>();
        long fallenIll;
        long cured;
        long cureTime;
        long visits;

        Village(int level, long seed) {
            this.level = level;
            this.seed = seed;
            this.staff = STAFF * (LEVELS - level); // bigger hospitals higher up: no queue grows forever
            this.freeStaff = staff;
            this.children = new Village[level + 1 < LEVELS ? BRANCHING : 0];
            for (int c = 0; c < children.length; c++) {
                children[c] = new Village(level + 1, Checks.mix(seed * 31 + c + 1));
            }
        }

        /** A uniform double in [0, 1) from the village's own generator. */
        double random() {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            return (Checks.mix(seed) >>> 11) * 0x1.0p-53;
        }
    }

    Health() {
        super("health", "hierarchical health-system simulation over a 4-ary village tree (BOTS health)",
                "simulated time steps", 2000, "tree level from which subtrees step serially", 3);
    }

    static final class Step extends RecursiveAction {
        private final Village v;
        private final int cutoff;
        private final boolean serial;

        Step(Village v, int cutoff, boolean serial) {
            this.v = v;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            Step[] steps = new Step[v.children.length];
            for (int c = 0; c < steps.length; c++) {
                steps[c] = new Step(v.children[c], cutoff, serial);
            }
            if (serial || v.level >= cutoff) {
                for (Step s : steps) {
                    s.compute();
                }
            } else {
                for (Step s : steps) {
                    s.fork();
                }
                for (int c = steps.length - 1; c >= 0; c--) {
                    steps[c].join();
                }
            }
            for (Village child : v.children) { // in child order: deterministic
                for (Patient p : child.sentUp) {
                    p.hospitalsVisited++;
                    v.visits++;
                    v.waiting.add(p);
                }
                child.sentUp.clear();
            }
            simulateHospital(v);
        }
    }

    static void simulateHospital(Village v) {
        for (Iterator<Patient> it = v.treating.iterator(); it.hasNext(); ) {
            Patient p = it.next();
            if (--p.remaining == 0) {
                it.remove();
                v.freeStaff++;
                v.cured++;
                v.cureTime += p.totalTime;
            }
        }
        for (Iterator<Patient> it = v.assessing.iterator(); it.hasNext(); ) {
            Patient p = it.next();
            if (--p.remaining == 0) {
                it.remove();
                if (v.level == 0 || v.random() < 0.7) {
                    p.remaining = TREAT_TIME;
                    v.treating.add(p);
                } else {
                    v.freeStaff++;
                    v.sentUp.add(p);
                }
            }
        }
        while (v.freeStaff > 0 && !v.waiting.isEmpty()) {
            Patient p = v.waiting.poll();
            v.freeStaff--;
            p.remaining = ASSESS_TIME;
            v.assessing.add(p);
        }
        for (int i = 0; i < POPULATION; i++) {
            if (v.random() < FALL_ILL) {
                Patient p = new Patient();
                p.hospitalsVisited = 1;
                v.fallenIll++;
                v.visits++;
                v.waiting.add(p);
            }
        }
        for (Patient p : v.waiting) {
            p.totalTime++;
        }
        for (Patient p : v.assessing) {
            p.totalTime++;
        }
        for (Patient p : v.treating) {
            p.totalTime++;
        }
    }

    /** Runs the steps: the driver loop, with one step tree per time step. */
    static final class Simulation extends RecursiveAction {
        private final Village root;
        private final int steps;
        private final int cutoff;
        private final boolean serial;

        Simulation(Village root, int steps, int cutoff, boolean serial) {
            this.root = root;
            this.steps = steps;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            for (int t = 0; t < steps; t++) {
                new Step(root, cutoff, serial).compute(); // a plain call: the step forks inside
            }
        }
    }

    @Override
    Village prepare(int n, int cutoff) {
        return new Village(0, 0x4EA17L);
    }

    @Override
    Village kernel(Village root, Exec exec) {
        Simulation sim = new Simulation(root, exec.n(), exec.cutoff(), exec.serial());
        exec.run(sim, sim::compute);
        return root;
    }

    /** Conservation: everyone who fell ill is cured, waiting, being assessed or being treated. */
    @Override
    String check(Village in, Village root) {
        long[] t = totals(root);
        long ill = t[0];
        long accounted = t[1] + t[3];
        if (ill != accounted || t[4] != 0) {
            return "patients not conserved: " + ill + " fell ill, " + t[1] + " cured, " + t[3]
                    + " in hospitals, " + t[4] + " in transit";
        }
        return staffError(root);
    }

    /** Every busy member of staff is assessing or treating exactly one patient. */
    static String staffError(Village v) {
        if (v.freeStaff < 0 || v.staff - v.freeStaff != v.assessing.size() + v.treating.size()) {
            return "village at level " + v.level + " has " + v.freeStaff + " free staff for "
                    + v.assessing.size() + " assessed and " + v.treating.size() + " treated patients";
        }
        for (Village c : v.children) {
            String error = staffError(c);
            if (error != null) {
                return error;
            }
        }
        return null;
    }

    /** {fallen ill, cured, cure time, in hospital, in transit, busy staff, visits}, summed over the tree. */
    static long[] totals(Village v) {
        long[] t = {v.fallenIll, v.cured, v.cureTime,
            v.waiting.size() + v.assessing.size() + v.treating.size(), v.sentUp.size(),
            v.staff - v.freeStaff, v.visits};
        for (Village c : v.children) {
            long[] ct = totals(c);
            for (int i = 0; i < t.length; i++) {
                t[i] += ct[i];
            }
        }
        return t;
    }

    @Override
    String summary(Village in, Village root) {
        long[] t = totals(root);
        return "ill=" + t[0] + " cured=" + t[1] + " cure_time=" + t[2] + " visits=" + t[6];
    }
}
