package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.simulate.SimulatedScaling.Point;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code forkscope predict}'s result on the DAGs of {@link HandBuiltDags}, whose schedules {@link
 * HandBuiltSimulationTest} works out by hand: the prediction holds exactly those numbers.
 */
class SimulatedScalingTest {
    static SimulatedScaling predict(Dag dag, List<Integer> ps, long latency, List<SiteSpeedup> speedups) {
        return SimulatedScaling.of(dag, ps, latency, 0, speedups, null);
    }

    static Point point(int p, long t, long work, long delay, long noWork, long steals, long splits) {
        return new Point(p, t, work, delay, noWork, steals, splits);
    }

    @Test
    void theFanOutsRowsAreItsHandWorkedSchedules() {
        SimulatedScaling pr = predict(HandBuiltDags.fanOut(), List.of(1, 2, 3, 4), 0, List.of());
        assertThat(pr.nodes()).isEqualTo(6);
        assertThat(pr.collapsedNodes()).isZero();
        assertThat(pr.asRecorded().shape()).isEqualTo(new DagShape(27, 9, 9, 3));
        assertThat(pr.asRecorded().rows()).extracting(Row::sequential).containsExactly(
                point(1, 27, 27, 0, 0, 0, 0), point(2, 15, 27, 0, 3, 2, 0), point(3, 15, 27, 0, 18, 2, 0),
                point(4, 9, 27, 0, 9, 3, 0));
        // no collapsed node: the malleable replay is the sequential one
        assertThat(pr.asRecorded().rows()).allSatisfy(r -> assertThat(r.malleable()).isEqualTo(r.sequential()));
        assertThat(pr.asRecorded().at(2).sequential().speedup(27)).isEqualTo(27.0 / 15);
        assertThat(pr.whatIf()).isNull();
        assertThat(pr.slowerAfter()).isEmpty();
        assertThat(pr.largestP()).isEqualTo(4);
    }

    @Test
    void stealLatencyIsDelay() {
        SimulatedScaling pr = predict(HandBuiltDags.fanOut(), List.of(2), 1, List.of());
        assertThat(pr.asRecorded().at(2).sequential()).isEqualTo(point(2, 17, 27, 2, 5, 2, 0));
        assertThat(pr.stealLatencyNs()).isEqualTo(1);
        assertThat(pr.asRecorded().at(2).sequential().total()).isEqualTo(2 * 17);
    }

    @Test
    void collapsedNodesAreReplayedBothWays() {
        SimulatedScaling pr = predict(HandBuiltDags.collapsedThenStrand(), List.of(1, 2, 3), 0, List.of());
        assertThat(pr.collapsedNodes()).isEqualTo(1);
        assertThat(pr.asRecorded().shape()).isEqualTo(new DagShape(110, 60, 110, 2));
        Row two = pr.asRecorded().at(2);
        assertThat(two.sequential()).isEqualTo(point(2, 110, 110, 0, 110, 0, 0));
        assertThat(two.malleable()).isEqualTo(point(2, 60, 110, 0, 10, 0, 1));
        assertThat(pr.asRecorded().at(3).malleable().makespan()).isEqualTo(60);
        assertThat(pr.asRecorded().at(1).malleable().makespan()).isEqualTo(110);
        Row late = predict(HandBuiltDags.collapsedThenStrand(), List.of(2), 10, List.of()).asRecorded().at(2);
        assertThat(late.malleable()).isEqualTo(point(2, 70, 110, 10, 20, 0, 1));
    }

    /**
     * The run was recorded on 1 worker over [0, 1000): measured 1000 ns, simulated T_1 = the work,
     * 50: error 950/1000. P = 1 is simulated for the check even when not asked for.
     */
    @Test
    void theRecordedRunIsComparedAtItsOwnP() {
        SimulatedScaling pr = predict(HandBuiltDags.diamond(), List.of(2, 4), 0, List.of());
        assertThat(pr.asRecorded().at(1)).isNull();
        assertThat(pr.recorded().workers()).isEqualTo(1);
        assertThat(pr.recorded().elapsedNs()).isEqualTo(1000);
        assertThat(pr.recorded().simulated().sequential().makespan()).isEqualTo(50);
        assertThat(pr.recorded().errorSequential()).isEqualTo(0.95);
        assertThat(pr.recorded().errorMalleable()).isEqualTo(0.95);
        assertThat(pr.asRecorded().rows()).extracting(r -> r.sequential().makespan()).containsExactly(40L, 40L);
    }

    @Test
    void theRecordersOwnTimeAndNotRunningAreSummed() {
        List<DagNode> nodes = new ArrayList<>();
        for (DagNode n : HandBuiltDags.diamond().nodes()) {
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end() + 10, n.work(), n.span(), n.ends(), n.in(),
                    1, 0, 0, n.taskEnds(), 0, -1, List.of(), 3, 2, 0));
        }
        SimulatedScaling pr = predict(new Dag(nodes, 2, 0, 100), List.of(2), 0, List.of());
        assertThat(pr.recorded().recorderNs()).isEqualTo(8);
        assertThat(pr.recorded().notRunningNs()).isEqualTo(12);
        assertThat(pr.recorded().slotTime()).isEqualTo(200);
        assertThat(pr.recorded().simulated()).isSameAs(pr.asRecorded().at(2));
        assertThat(pr.recorded().errorSequential()).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void aWhatIfGivesTheNewShapeAndRows() {
        SimulatedScaling pr = predict(HandBuiltDags.diamondWithSite(7), List.of(1, 2), 0,
                List.of(new SiteSpeedup("B.java:3", List.of(7), 2.0)));
        assertThat(pr.asRecorded().shape()).isEqualTo(new DagShape(50, 40, 40, 3));
        assertThat(pr.whatIf().shape()).isEqualTo(new DagShape(40, 30, 30, 3));
        assertThat(pr.whatIf().rows()).extracting(r -> r.sequential().makespan()).containsExactly(40L, 30L);
        assertThat(pr.slowerAfter()).isEmpty();
        assertThat(pr.speedups()).extracting(Speedup::name).containsExactly("B.java:3");
    }

    @Test
    void grahamsAnomalyIsReported() {
        SimulatedScaling pr = predict(HandBuiltDags.grahamAnomaly(), List.of(1, 2), 0,
                List.of(new SiteSpeedup("1", List.of(1), 1.5)));
        assertThat(pr.asRecorded().at(2).sequential().makespan()).isEqualTo(59);
        assertThat(pr.whatIf().at(2).sequential().makespan()).isEqualTo(60);
        assertThat(pr.whatIf().at(1).sequential().makespan()).isEqualTo(80);   // T_1 = T1 falls: 81 → 80
        assertThat(pr.slowerAfter()).containsExactly(2);
    }

    @Test
    void progressCountsEverySimulation() {
        List<String> told = new ArrayList<>();
        SimulatedScaling.of(HandBuiltDags.collapsedThenStrand(), List.of(2, 4), 0, 0,
                List.of(new SiteSpeedup("x", List.of(0), 2)), (d, t, w) -> told.add(d + "/" + t + " " + w));
        // 2 P × 2 modes × 2 scenarios, plus the recorded P = 1 × 2 modes
        assertThat(told).containsExactly("1/10 P=2 sequential", "2/10 P=2 malleable", "3/10 P=4 sequential",
                "4/10 P=4 malleable", "5/10 P=1 sequential", "6/10 P=1 malleable", "7/10 P=2 sequential what-if",
                "8/10 P=2 malleable what-if", "9/10 P=4 sequential what-if", "10/10 P=4 malleable what-if");
    }

    /** On random DAGs: T_1 = T1 in both modes, and no T_P below the work law or the span law. */
    @Test
    void theLawsHoldOnRandomDags() {
        Random rnd = new Random(23);
        for (int i = 0; i < 200; i++) {
            Dag dag = SimDags.random(rnd, 1 + rnd.nextInt(40));
            SimulatedScaling pr = predict(dag, List.of(1, 2, 3, 8), rnd.nextInt(5), List.of());
            DagShape s = pr.asRecorded().shape();
            for (Row r : pr.asRecorded().rows()) {
                long workLaw = (s.work() + r.workers() - 1) / r.workers();
                assertThat(r.sequential().makespan()).isGreaterThanOrEqualTo(Math.max(workLaw, s.replaySpan()));
                assertThat(r.malleable().makespan()).isGreaterThanOrEqualTo(Math.max(workLaw, s.span()));
                assertThat(r.sequential().work()).isEqualTo(s.work());
            }
            assertThat(pr.asRecorded().at(1).sequential().makespan()).isEqualTo(s.work());
            assertThat(pr.asRecorded().at(1).malleable().makespan()).isEqualTo(s.work());
        }
    }

    @Test
    void aSpeedupMustBePositive() {
        assertThatThrownBy(() -> new SiteSpeedup("x", List.of(1), 0)).hasMessageContaining("positive");
    }
}
