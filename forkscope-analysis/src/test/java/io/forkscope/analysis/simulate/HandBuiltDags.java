package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;

/**
 * The hand-built DAGs whose schedules {@link HandBuiltSimulationTest} works out by hand, for the
 * tests of other modules (report, cli) that print or check those schedules: the numbers there are
 * the ones proved here.
 */
public final class HandBuiltDags {
    private HandBuiltDags() {}

    /** A strand of this work (recorded at [0, work) on worker 0: only its work matters). */
    public static DagNode strand(int id, long work, NodeEnd ends, Edge... in) {
        return DagNode.strand(id, 0, 0, work, ends, List.of(in));
    }

    /** A collapsed node of work W and inner span S (3 strands, recorded at [0, W) on worker 0). */
    public static DagNode collapsed(int id, long work, long span, NodeEnd ends, Edge... in) {
        return new DagNode(id, 0, 0, work, work, span, ends, List.of(in), 3, 1, 1, 1, 0);
    }

    /** The nodes as a DAG recorded on 1 worker over [0, 1000). */
    public static Dag dag(DagNode... nodes) {
        return new Dag(List.of(nodes), 1, 0, 1000);
    }

    /** A [10] → B [20] → C [5] by edges of this kind: one worker runs it all on any P (T_P = 35). */
    public static Dag chain(EdgeKind kind) {
        return dag(strand(0, 10, NodeEnd.CREATE),
                strand(1, 20, NodeEnd.WAIT, new Edge(0, kind)),
                strand(2, 5, NodeEnd.END, new Edge(1, kind)));
    }

    /**
     * A [10] forks B [20]; its continuation C [10] waits; D [10] after the join (work 50, span 40).
     * T_1 = 50; T_2 = 40 (1 steal) with L = 0, 43 with L = 3; T_P = 40 for P ≥ 2 with L = 0.
     */
    public static Dag diamond() {
        return dag(strand(0, 10, NodeEnd.CREATE),
                strand(1, 20, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 10, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 10, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)));
    }

    /**
     * R [2] makes X1..X4 [6 each] ready by create edges; J [1] joins them all (work 27, span 9).
     * L = 0: T_1 = 27, T_2 = 15 (2 steals, no-work 3), T_3 = 15 (no-work 18), T_4 = 9 (3 steals).
     * L = 1: T_2 = 17 (delay 2, no-work 5).
     */
    public static Dag fanOut() {
        return dag(strand(0, 2, NodeEnd.CREATE),
                strand(1, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(3, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(4, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(5, 1, NodeEnd.END, new Edge(1, EdgeKind.END), new Edge(2, EdgeKind.END),
                        new Edge(3, EdgeKind.END), new Edge(4, EdgeKind.END)));
    }

    /**
     * A collapsed node W = 100, S = 50 followed by E [10]. L = 0: sequential T_P = 110 on any P;
     * malleable T_1 = 110, T_2 = T_3 = 60 (one split). L = 10: malleable T_2 = 70 (delay 10).
     */
    public static Dag collapsedThenStrand() {
        return dag(collapsed(0, 100, 50, NodeEnd.WAIT), strand(1, 10, NodeEnd.END, new Edge(0, EdgeKind.WAIT_CONT)));
    }

    /** A strand of this work in call site {@code site} (-1 for none), recorded at [0, work) on worker 0. */
    public static DagNode strandInSite(int id, long work, int site, Edge... in) {
        return new DagNode(id, 0, 0, work, work, work, NodeEnd.END, List.of(in), 1, 0, 0, 1, 0, site);
    }

    /**
     * The diamond with B in call site {@code site}: B 2× faster gives work 40, span 30, T_2 = 30
     * ({@code WhatIfTest.aSiteTwiceAsFastShortensTheDiamond}).
     */
    public static Dag diamondWithSite(int site) {
        return new Dag(List.of(strandInSite(0, 10, -1), strandInSite(1, 20, site, new Edge(0, EdgeKind.CREATE)),
                strandInSite(2, 10, -1, new Edge(0, EdgeKind.CREATE_CONT)),
                strandInSite(3, 10, -1, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 1, 0, 100);
    }

    /**
     * Graham's anomaly ({@code WhatIfTest.aFasterNodeCanLengthenTheSchedule}): A 27 (site 0) → B 3
     * (site 1), C 2, E 20; D 18, F 11 (site 2). T_2 = 59 as recorded, 60 with site 1 made 1.5× faster
     * (B 3 → 2), though the span falls from 48 to 47.
     */
    public static Dag grahamAnomaly() {
        return new Dag(List.of(strandInSite(0, 27, 0),
                strandInSite(1, 3, 1, new Edge(0, EdgeKind.WAIT_CONT)),
                strandInSite(2, 2, 0, new Edge(0, EdgeKind.WAIT_CONT)),
                strandInSite(3, 18, 0, new Edge(2, EdgeKind.CREATE), new Edge(0, EdgeKind.CREATE),
                        new Edge(1, EdgeKind.END)),
                strandInSite(4, 11, 2, new Edge(1, EdgeKind.CREATE)),
                strandInSite(5, 20, -1, new Edge(0, EdgeKind.CREATE_CONT))), 1, 0, 100);
    }
}
