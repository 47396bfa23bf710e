package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.recorder.engine.Program.Body;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The DAG the engine records (mode=dag) against the online measures and the offline oracle, on
 * random programs and schedules: its nodes' work adds up to the work, its longest path is the
 * span, and it has one create edge per spawn.
 */
class RecordedDagProperties {
    private final OnlineMatchesOfflineProperties programs = new OnlineMatchesOfflineProperties();

    @Provide
    Arbitrary<Body> programs() {
        return programs.programs();
    }

    @Property(tries = 300)
    void collapsingKeepsWorkSpanCountsAndDecomposition(@ForAll("programs") Body program, @ForAll long scheduleSeed) {
        Dag full = record(program, scheduleSeed, false);
        Dag collapsed = record(program, scheduleSeed, true);
        assertThat(collapsed.nodes().size()).isLessThanOrEqualTo(full.nodes().size());
        assertThat(collapsed.nodes().stream().mapToLong(DagNode::strands).sum()).isEqualTo(full.nodes().size());
        assertThat(collapsed.nodes().stream().mapToLong(DagNode::work).sum())
                .isEqualTo(full.nodes().stream().mapToLong(DagNode::work).sum());
        assertThat(longestPath(collapsed)).isEqualTo(longestPath(full));
        assertThat(creates(collapsed)).isEqualTo(creates(full));
        assertThat(waits(collapsed)).isEqualTo(waits(full));
    }

    static Dag record(Body program, long seed, boolean collapse) {
        SimRuntime rt = new SimRuntime(0, seed, true, collapse);
        Object token = rt.engine.regionStart("program");
        Program.simulate(program).accept(rt);
        rt.engine.regionStop(token);
        rt.drain();
        List<RecordedNode> recorded = new ArrayList<>();
        rt.engine.drainDagNodes(recorded::addAll, true);
        long[] frame = rt.engine.dagFrame();
        return DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]).dag();
    }

    static long creates(Dag dag) {
        return dag.nodes().stream().mapToLong(n -> n.creates() + (n.ends() == io.forkscope.model.dag.NodeEnd.CREATE ? 1 : 0)).sum();
    }

    static long waits(Dag dag) {
        return dag.nodes().stream().mapToLong(n -> n.waits() + (n.ends() == io.forkscope.model.dag.NodeEnd.WAIT ? 1 : 0)).sum();
    }

    @Property(tries = 300)
    void theRecordedDagHasTheRunsWorkSpanAndSpawns(@ForAll("programs") Body program, @ForAll long scheduleSeed) {
        DagOracle oracle = new DagOracle(program, 0);
        SimRuntime rt = new SimRuntime(0, scheduleSeed, true);
        Object token = rt.engine.regionStart("program");
        Program.simulate(program).accept(rt);
        rt.engine.regionStop(token);
        rt.drain();

        WorkSpan whole = rt.engine.snapshot(true).measures();
        assertThat(whole.work()).isEqualTo(oracle.work);
        assertThat(whole.span()).isEqualTo(oracle.span);

        List<RecordedNode> recorded = new ArrayList<>();
        rt.engine.drainDagNodes(recorded::addAll, true);
        long[] frame = rt.engine.dagFrame();
        DagAssembler.Assembled assembled = DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]);
        assertThat(assembled.droppedEdges()).isZero();
        Dag dag = assembled.dag();
        assertThat(dag.nodes().stream().mapToLong(DagNode::work).sum()).isEqualTo(oracle.work);
        assertThat(longestPath(dag)).isEqualTo(oracle.span);
        assertThat(creates(dag)).as("creates").isEqualTo(oracle.spawns);
        for (DagNode n : dag.nodes()) {
            for (Edge e : n.in()) {
                assertThat(dag.nodes().get(e.from()).end()).isLessThanOrEqualTo(n.start());
            }
        }
    }

    static long longestPath(Dag dag) {
        long[] dist = new long[dag.nodes().size()];
        long best = 0;
        for (DagNode n : dag.nodes()) {
            long before = 0;
            for (Edge e : n.in()) {
                before = Math.max(before, dist[e.from()]);
            }
            dist[n.id()] = before + n.span();
            best = Math.max(best, dist[n.id()]);
        }
        return best;
    }
}
