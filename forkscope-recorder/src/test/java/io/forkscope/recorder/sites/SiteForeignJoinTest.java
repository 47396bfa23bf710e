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

    /**
     * Outside the contract a stolen task's creator may return, and its pooled frame be reused by
     * another invocation, while the task runs: the thief's end of the task must undo exactly the
     * counts its begin added (not those of whatever the frame holds now), or every later
     * invocation on the thief would get wrong recursion flags.
     */
    @Test
    void aStolenTaskWhoseCreatorReturnsLeavesTheThiefsCountsIntact() {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread a = profiler.newThread();
        SiteThread b = profiler.newThread();
        a.rootBegin();
        a.callEnter(5, 0);               // F: an invocation of site 5
        SiteTask t = a.create(6, 1);
        b.taskBegin(t);                  // stolen while F runs: b counts F (site 5) on its logical stack
        a.callReturn();                  // F returns without joining t
        a.callEnter(7, 0);               // its pooled frame is now an invocation of site 7
        b.work(1);
        b.taskEnd();
        a.callReturn();
        b.rootBegin();
        b.callEnter(5, 0);               // no site-5 invocation encloses this one: top-call-site
        b.callReturn();
        SitesResult r = profiler.finishAll(java.util.List.of(a, b));
        assertThat(r.onWork().of(5).topCallSite().count()).isEqualTo(2);
        assertThat(r.onWork().of(7).topCallSite().count()).isEqualTo(1);
    }

    /** A thief that never saw the stolen task's site (a high id) learns it at the task's begin. */
    @Test
    void aStolenTaskWithASiteTheThiefNeverSawBegins() {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread a = profiler.newThread();
        SiteThread b = profiler.newThread();
        a.rootBegin();
        SiteTask t = a.create(40, 33);
        b.taskBegin(t);
        b.work(2);
        b.taskEnd();
        a.join(t);
        SitesResult r = profiler.finish(a);
        assertThat(r.onSpan().of(40).local().span()).isEqualTo(2);
    }
}
