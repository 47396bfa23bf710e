package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The online site profiler against the brute-force {@link SiteOracle} on random programs (several
 * methods, several sites per method, direct and mutual recursion, forks joined in any order, some
 * joined twice, the rest at the implicit sync; some forks at no site, whose tasks are transparent;
 * some joins woven as call sites themselves)
 * under random schedules (work-first runs, helping joins, tasks on other simulated threads): work,
 * span and both profiles, all three measurements, must agree exactly in integer units; the same
 * through the whole engine and its site hooks ({@link EngineSites}), whose own T1 and T∞ must be
 * the profiles' totals.
 */
class SiteProfilerProperties {

    @Property(tries = 300)
    void onlineEqualsOracle(@ForAll("programs") SiteProgram program, @ForAll long scheduleSeed,
                            @ForAll @IntRange(min = 1, max = 3) int threads) {
        SiteRun run = new SiteRun(program, scheduleSeed & Long.MAX_VALUE, threads);
        check(program, run);
        Statistics.label("logical-stack swaps").collect(run.swaps() > 0);
        Statistics.label("logical-stack swaps").coverage(c -> c.check(true).percentage(x -> x > 10));
    }

    /**
     * The engine driven with site events on 1–3 real threads taking turns (tasks run on another
     * thread, nested on whatever it runs; helping joins and work-first runs make tasks run on
     * other frames' logical stacks) against the same oracle, and its own T1 and T∞.
     */
    @Property(tries = 300)
    void engineEqualsOracle(@ForAll("programs") SiteProgram program, @ForAll long scheduleSeed,
                            @ForAll @IntRange(min = 1, max = 3) int threads) {
        EngineSites engine = new EngineSites(threads);
        SiteRun run = new SiteRun(program, scheduleSeed & Long.MAX_VALUE, threads, engine);
        check(program, run);
        assertThat(engine.whole().work()).as("engine T1").isEqualTo(run.online.work());
        assertThat(engine.whole().span()).as("engine T∞").isEqualTo(run.online.span());
        assertThat(engine.engine.sitesNotes()).as("notes").isEmpty();
        Statistics.label("tasks on several real threads").collect(engine.engine.snapshot(true).threads() > 1);
        Statistics.label("tasks on several real threads").coverage(c -> c.check(true).percentage(x -> x > 15));
    }

    private static void check(SiteProgram program, SiteRun run) {
        SiteOracle oracle = new SiteOracle(run);
        SitesResult online = run.online;

        assertThat(online.foreignJoins()).as("foreign joins").isZero();
        assertThat(online.work()).as("work").isEqualTo(oracle.work);
        assertThat(online.span()).as("span").isEqualTo(oracle.span);
        int sites = program.sites.size();
        assertThat(SiteOracle.describe(dense(online.onWork(), sites))).as("on work")
                .containsExactlyElementsOf(SiteOracle.describe(oracle.onWork));
        assertThat(SiteOracle.describe(dense(online.onSpan(), sites))).as("on span")
                .containsExactlyElementsOf(SiteOracle.describe(oracle.onSpan));
        assertThat(online.onWork().outsideWork()).as("outside work").isEqualTo(oracle.outsideWork);
        assertThat(online.onSpan().outsideSpan()).as("outside span").isEqualTo(oracle.outsideSpanOnSpan);
        // The totals the issue says must add up.
        long localWork = online.onWork().outsideWork();
        for (SiteMeasures m : online.onWork().sites()) {
            localWork += m.local().work();
        }
        long localSpan = online.onSpan().outsideSpan();
        for (SiteMeasures m : online.onSpan().sites()) {
            localSpan += m.local().span();
        }
        assertThat(localWork).as("local work adds up to T1").isEqualTo(oracle.work);
        assertThat(localSpan).as("local span on span adds up to T∞").isEqualTo(oracle.span);

        boolean recursionOnSpan = false;
        for (SiteMeasures m : online.onSpan().sites()) {
            recursionOnSpan |= m.local().count() > m.topCallSite().count();
        }
        boolean noSiteForks = program.sites.stream().anyMatch(SiteProgram.Site::noSite);
        boolean joinCalls = program.sites.stream().anyMatch(s -> s.target() < 0);
        Statistics.label("joins woven as call sites").collect(joinCalls);
        Statistics.label("joins woven as call sites").coverage(c -> c.check(true).percentage(x -> x > 10));
        Statistics.label("task paths on the critical path").collect(oracle.endEdgesOnPath > 0);
        Statistics.label("recursion on span").collect(recursionOnSpan);
        Statistics.label("forks at no site").collect(noSiteForks);
        Statistics.label("task paths on the critical path").coverage(c -> c.check(true).percentage(x -> x > 15));
        Statistics.label("recursion on span").coverage(c -> c.check(true).percentage(x -> x > 15));
        Statistics.label("forks at no site").coverage(c -> c.check(true).percentage(x -> x > 15));
    }

    /** A profile as a dense array in the oracle's layout. */
    static long[] dense(SiteProfile p, int sites) {
        long[] a = new long[Math.max(1, sites) * SiteOracle.FIELDS];
        for (SiteMeasures m : p.sites()) {
            int b = m.site() * SiteOracle.FIELDS;
            a[b] = m.topCallSite().count();
            a[b + 1] = m.topCallSite().work();
            a[b + 2] = m.topCallSite().span();
            a[b + 3] = m.topCaller().count();
            a[b + 4] = m.topCaller().work();
            a[b + 5] = m.topCaller().span();
            a[b + 6] = m.local().count();
            a[b + 7] = m.local().work();
            a[b + 8] = m.local().span();
        }
        return a;
    }

    /** One statement of a generated body: kind 0 work, 1 call, 2 fork, 3 join of an earlier fork. */
    record Gen(int kind, int target, long units, int pick) {
    }

    @Provide
    Arbitrary<SiteProgram> programs() {
        Arbitrary<Gen> stmt = Combinators.combine(Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 3), Arbitraries.longs().between(0, 9),
                Arbitraries.integers().between(0, 7)).as(Gen::new);
        Arbitrary<List<Gen>> body = stmt.list().ofMinSize(1).ofMaxSize(7);
        return Combinators.combine(body.list().ofMinSize(1).ofMaxSize(4), Arbitraries.integers().between(1, 5),
                Arbitraries.integers().between(4, 120)).as(SiteProfilerProperties::build);
    }

    private static SiteProgram build(List<List<Gen>> bodies, int maxDepth, int budget) {
        SiteProgram p = new SiteProgram(maxDepth, budget);
        for (int i = 0; i < bodies.size(); i++) {
            p.method();
        }
        for (int m = 0; m < bodies.size(); m++) {
            List<Integer> forked = new ArrayList<>();
            for (Gen g : bodies.get(m)) {
                int target = g.target() % bodies.size();
                switch (g.kind()) {
                    case 0 -> p.work(m, g.units());
                    case 1 -> p.call(m, target);
                    case 2 -> {
                        if (g.pick() % 3 == 0) {
                            p.forkNoSite(m, target, forked.size());
                        } else {
                            p.fork(m, target, forked.size());
                        }
                        forked.add(forked.size());
                    }
                    default -> {
                        if (forked.isEmpty()) {
                            p.work(m, g.units());
                        } else if (g.units() % 3 == 0) {
                            p.joinCall(m, forked.get(g.pick() % forked.size()));
                        } else {
                            p.join(m, forked.get(g.pick() % forked.size()));
                        }
                    }
                }
            }
        }
        return p;
    }
}
