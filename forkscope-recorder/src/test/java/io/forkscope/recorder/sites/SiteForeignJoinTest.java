package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.sites.SitesResult;
import org.junit.jupiter.api.Test;

/**
 * Outside the contract (every fork joined by its forker): a wait on a task by another frame is
 * counted and leaves the profiles as if it had not happened; the forker's own join still merges
 * the task. Misuse of the event order is an error the engine catches, not a silent corruption.
 */
class SiteForeignJoinTest {

    /** root: fork t [site 0] (t: 5 units); call g [site 1] (g: 2 units, maybe waits on t); 1 unit; join t. */
    private static SitesResult run(boolean foreignJoin) {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread th = profiler.newThread();
        th.rootBegin();
        SiteTask t = th.create(0, 0);
        th.taskBegin(t);
        th.work(5);
        th.taskEnd();
        th.callEnter(1, 0);
        th.work(2);
        if (foreignJoin) {
            th.join(t);
        }
        th.callReturn();
        th.work(1);
        th.join(t);
        th.join(t); // a second join by the forker changes nothing
        return profiler.finish(th);
    }

    @Test
    void aForeignJoinIsCountedAndIgnored() {
        SitesResult plain = run(false);
        SitesResult foreign = run(true);
        assertThat(plain.foreignJoins()).isZero();
        assertThat(foreign.foreignJoins()).isEqualTo(1);
        // T1 = 5 + 2 + 1 = 8; T∞ = max(5, 2 + 1) = 5 along the task's path.
        assertThat(plain.work()).isEqualTo(8);
        assertThat(plain.span()).isEqualTo(5);
        assertThat(foreign.work()).isEqualTo(plain.work());
        assertThat(foreign.span()).isEqualTo(plain.span());
        assertThat(foreign.onWork()).isEqualTo(plain.onWork());
        assertThat(foreign.onSpan()).isEqualTo(plain.onSpan());
        // On span only the task (site 0) is on the critical path; the root's own strands (1 unit) are not.
        assertThat(plain.onSpan().of(0).local().span()).isEqualTo(5);
        assertThat(plain.onSpan().of(1)).isNull();
        assertThat(plain.onSpan().outsideSpan()).isZero();
        assertThat(plain.onWork().of(1).local().work()).isEqualTo(2);
    }

    @Test
    void joiningATaskThatHasNotEndedIsAnError() {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread th = profiler.newThread();
        th.rootBegin();
        SiteTask t = th.create(0, 0);
        assertThatThrownBy(() -> th.join(t)).isInstanceOf(IllegalStateException.class);
    }
}
