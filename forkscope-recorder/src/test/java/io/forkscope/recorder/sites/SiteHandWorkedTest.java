package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SitesResult;
import org.junit.jupiter.api.Test;

/**
 * Programs whose per-site profiles were worked out by hand (in the comments), checked against the
 * online profiler under the fixed schedule and under random ones (steals, helping, 1–3 threads:
 * the numbers describe the DAG, not the schedule), and against the oracle.
 *
 * <p>Rows are {top-call-site count, work, span, top-caller count, work, span, local count, work,
 * span}.
 */
class SiteHandWorkedTest {

    /**
     * main: call fib(3) [site 0]. fib(n): 1 unit; if n ≥ 2 { fork fib(n-1) [site 1];
     * call fib(n-2) [site 2]; join }.
     *
     * <pre>
     * Work: W(0)=W(1)=1, W(n)=1+W(n-1)+W(n-2): W(2)=3, W(3)=5 = T1 (main has no own work).
     * Span of fib(n≥2) from its start: 1 + max(child S(n-1), continuation S(n-2)), the waiter
     * keeping its own path on a tie. S(0)=S(1)=1; S(2)=1+S(0)=2 (tie 1:1, the called fib(0)
     * stays); S(3)=1+S(2)=3 (the forked fib(2) wins 2>1) = T∞.
     * Invocations (parent): I0 s0 fib(3) (main) w5 s3; I1 s1 fib(2) (I0) w3 s2; I2 s2 fib(1) (I0)
     * w1 s1; I3 s1 fib(1) (I1) w1 s1; I4 s2 fib(0) (I1) w1 s1. Each fib's own strands: 1 unit,
     * all on its own longest path, so local work = local span = 1 for every invocation.
     * Top-call-site: all but I3 (under I1, same site 1). I4 is one: its ancestors are sites 1, 0.
     * Top-caller (sites 1, 2 lie in fib): I0, I1, I2; not I3, I4 (under I1, made from fib).
     * Critical path: fib(3)'s first strand, the forked fib(2) (3 > 2), inside it the called
     * fib(0) (tie), so on span: I0, I1, I4. Local span on span: 1+1+1 = 3 = T∞.
     * </pre>
     */
    @Test
    void fibOfThree() {
        SiteProgram p = new SiteProgram(100, 1000);
        int main = p.method();
        int fib = p.method(2);
        p.rootArg = 3;
        p.call(main, fib, 0, 1);
        p.work(fib, 1);
        p.fork(fib, fib, 0, 1, 1);
        p.call(fib, fib, 2, 1);
        p.join(fib, 0);

        long[][] onWork = {
            {1, 5, 3, 1, 5, 3, 1, 1, 1},
            {1, 3, 2, 1, 3, 2, 2, 2, 2},
            {2, 2, 2, 1, 1, 1, 2, 2, 2},
        };
        long[][] onSpan = {
            {1, 5, 3, 1, 5, 3, 1, 1, 1},
            {1, 3, 2, 1, 3, 2, 1, 1, 1},
            {1, 1, 1, 0, 0, 0, 1, 1, 1},
        };
        check(p, 5, 3, onWork, onSpan);
    }

    /**
     * main: call qs(4) [site 0]. qs(n): 1 unit; if n ≥ 2 { call partition(n) [site 1];
     * fork qs(n/2) [site 2]; fork qs(n/2) [site 3]; join both }. partition(n): n units.
     *
     * <pre>
     * qs(1) = 1 unit: w1 s1. qs(2): 1 + partition 2 + two qs(1): w5; span: 1+2 = 3 at the forks,
     * first fork 3+1 = 4 > 3 wins its join, second ties (4:4) and loses: s4, local w1 s1.
     * qs(4): 1 + 4 + 5 + 5 = 15 = T1; span 1+4+4 = 9 = T∞ (first fork wins, second ties).
     * Invocations: J0 s0 qs(4); J1 s1 partition(4) w4 s4; J2 s2, J3 s3 qs(2) w5 s4; under J2:
     * J4 s1 partition(2) w2 s2, J5 s2 qs(1), J6 s3 qs(1); under J3: J7 s1 partition(2),
     * J8 s2 qs(1), J9 s3 qs(1) (w1 s1 each).
     * Top-call-site: all but J5 (site 2 under J2) and J9 (site 3 under J3).
     * Top-caller (sites 1–3 lie in qs): J0–J3 only.
     * On work: s1 tcs {J1,J4,J7} = (3, 8, 8), tc {J1} = (1, 4, 4), local (3, 8, 8);
     *          s2 tcs {J2,J8} = (2, 6, 5), tc {J2} = (1, 5, 4), local {J2,J5,J8} = (3, 3, 3);
     *          s3 likewise with {J3,J6} and {J3,J6,J9}.
     * Critical path: J0, J1, J2 (first fork), J4, J5 (first fork inside J2).
     * On span: s1 {J1,J4}: tcs (2, 6, 6), tc {J1} (1, 4, 4), local (2, 6, 6);
     *          s2 {J2,J5}: tcs {J2} (1, 5, 4), tc {J2} (1, 5, 4), local (2, 2, 2); s3 none.
     * partition holds 6 of T∞ = 9 in local span on span (Cilkprof Fig. 2's observation);
     * 1 + 6 + 2 = 9.
     * </pre>
     */
    @Test
    void quicksortOfFour() {
        SiteProgram p = new SiteProgram(100, 1000);
        int main = p.method();
        int qs = p.method(2);
        int partition = p.method();
        p.rootArg = 4;
        p.call(main, qs, 0, 1);
        p.work(qs, 1);
        p.call(qs, partition, 0, 1);
        p.fork(qs, qs, 0, 0, 2);
        p.fork(qs, qs, 1, 0, 2);
        p.join(qs, 0);
        p.join(qs, 1);
        p.work(partition, 0, 1);

        long[][] onWork = {
            {1, 15, 9, 1, 15, 9, 1, 1, 1},
            {3, 8, 8, 1, 4, 4, 3, 8, 8},
            {2, 6, 5, 1, 5, 4, 3, 3, 3},
            {2, 6, 5, 1, 5, 4, 3, 3, 3},
        };
        long[][] onSpan = {
            {1, 15, 9, 1, 15, 9, 1, 1, 1},
            {2, 6, 6, 1, 4, 4, 2, 6, 6},
            {1, 5, 4, 1, 5, 4, 2, 2, 2},
            {0, 0, 0, 0, 0, 0, 0, 0, 0},
        };
        check(p, 15, 9, onWork, onSpan);
    }

    /**
     * Recursion through call sites (the examples above recurse through fork sites), direct and
     * mutual. main: call f(2) [site 0]. f(n): 1 unit; if n ≥ 1 { call f(n-1) [site 1];
     * call g(n-1) [site 2] }. g(n): 2 units; if n ≥ 1 { call f(n) [site 3] }. Serial: every span is
     * its work, and the critical path is the whole run, so on span = on work.
     *
     * <pre>
     * Invocations (enclosing sites; enclosing callers' methods):
     *   I0 s0 f(2) (-; -)                 w11  = 1 + I1 + I4
     *   I1 s1 f(1) (0; main)              w4   = 1 + I2 + I3
     *   I2 s1 f(0) (0,1; main,f)          w1
     *   I3 s2 g(0) (0,1; main,f)          w2
     *   I4 s2 g(1) (0; main)              w6   = 2 + I5
     *   I5 s3 f(1) (0,2; main,f)          w4   = 1 + I6 + I7
     *   I6 s1 f(0) (0,2,3; main,f,g)      w1
     *   I7 s2 g(0) (0,2,3; main,f,g)      w2
     * T1 = T∞ = 11. Local = own units: I0 1, I1 1, I2 1, I3 2, I4 2, I5 1, I6 1, I7 2.
     * Top-call-site (no enclosing invocation of its site): all but I2 (under I1, site 1) and I7
     * (under I4, site 2); I6 is one, though f(0) from site 1 again: I1 does not enclose it.
     * Top-caller (no enclosing invocation made from a site in the same method): I0 (main), I1 and I4
     * (their callers: main only), I5 (made from g; callers main, f); not I2, I3, I6, I7 (made from f
     * under an invocation made from f).
     * s0: tcs {I0} (1, 11, 11), tc {I0} (1, 11, 11), local (1, 1, 1)
     * s1: tcs {I1, I6} (2, 5, 5), tc {I1} (1, 4, 4), local {I1, I2, I6} (3, 3, 3)
     * s2: tcs {I3, I4} (2, 8, 8), tc {I4} (1, 6, 6), local {I3, I4, I7} (3, 6, 6)
     * s3: tcs {I5} (1, 4, 4), tc {I5} (1, 4, 4), local (1, 1, 1)
     * Local works add up: 1 + 3 + 6 + 1 = 11 = T1.
     * </pre>
     * An off-by-one in telling a top-call-site (one enclosing invocation of the site taken for none)
     * would count I2 and I7; in telling a top-caller, I2, I3 and I6 or I7.
     */
    @Test
    void recursionThroughCallSites() {
        SiteProgram p = new SiteProgram(100, 1000);
        int main = p.method();
        int f = p.method(1);
        int g = p.method(1);
        p.rootArg = 2;
        p.call(main, f, 0, 1);
        p.work(f, 1);
        p.call(f, f, 1, 1);
        p.call(f, g, 1, 1);
        p.work(g, 2);
        p.call(g, f, 0, 1);

        long[][] rows = {
            {1, 11, 11, 1, 11, 11, 1, 1, 1},
            {2, 5, 5, 1, 4, 4, 3, 3, 3},
            {2, 8, 8, 1, 6, 6, 3, 6, 6},
            {1, 4, 4, 1, 4, 4, 1, 1, 1},
        };
        check(p, 11, 11, rows, rows);
    }

    /**
     * Cilkprof Fig. 7's observation, exactly: in fib(15) (same program as {@link #fibOfThree}) the
     * only top-caller invocations of the two recursive sites are fib(15)'s own, fib(14) forked
     * and fib(13) called, so their top-caller works are W(14) = 1219 and W(13) = 753
     * (W(n) = 2·F(n+1) − 1: 2·610 − 1, 2·377 − 1), a ratio of 1.619 ≈ φ. Every fib's local work is
     * its 1 unit, so local work over both sites plus fib(15)'s own unit is W(15) = 1973 = T1.
     * Counts: fib(15) makes W(15) = 1973 invocations of fib, F(16) = 987 of them leaves, so the
     * 986 others each run site 1 and site 2 once: 1 + 2·986 = 1973 invocations, one unit each.
     */
    @Test
    void fibOfFifteenTopCallerWorksAreInTheGoldenRatio() {
        SiteProgram p = new SiteProgram(100, 100_000);
        int main = p.method();
        int fib = p.method(2);
        p.rootArg = 15;
        p.call(main, fib, 0, 1);
        p.work(fib, 1);
        p.fork(fib, fib, 0, 1, 1);
        p.call(fib, fib, 2, 1);
        p.join(fib, 0);
        for (long seed : new long[] {-1, 5, 99}) {
            SitesResult r = new SiteRun(p, seed, 2).online;
            assertThat(r.work()).isEqualTo(1973);
            assertThat(r.onWork().of(1).topCaller()).isEqualTo(new Measurement(1, 1219, r.onWork().of(1).topCaller().span()));
            assertThat(r.onWork().of(2).topCaller()).isEqualTo(new Measurement(1, 753, r.onWork().of(2).topCaller().span()));
            assertThat(r.onWork().of(1).local().count()).isEqualTo(986);
            assertThat(r.onWork().of(2).local().count()).isEqualTo(986);
            assertThat(r.onWork().of(1).local().work() + r.onWork().of(2).local().work() + 1).isEqualTo(1973);
        }
    }

    private static void check(SiteProgram p, long work, long span, long[][] onWork, long[][] onSpan) {
        int sites = p.sites.size();
        long[] expectedWork = flat(onWork);
        long[] expectedSpan = flat(onSpan);
        for (long seed : new long[] {-1, 1, 2, 3, 42, 1234567}) {
            for (int threads = 1; threads <= 3; threads++) {
                SiteRun run = new SiteRun(p, seed, threads);
                SitesResult r = run.online;
                String what = "seed " + seed + ", " + threads + " threads";
                assertThat(r.work()).as("work, " + what).isEqualTo(work);
                assertThat(r.span()).as("span, " + what).isEqualTo(span);
                assertThat(SiteOracle.describe(SiteProfilerProperties.dense(r.onWork(), sites))).as("on work, " + what)
                        .containsExactlyElementsOf(SiteOracle.describe(expectedWork));
                assertThat(SiteOracle.describe(SiteProfilerProperties.dense(r.onSpan(), sites))).as("on span, " + what)
                        .containsExactlyElementsOf(SiteOracle.describe(expectedSpan));
                EngineSites engine = new EngineSites(threads);
                SitesResult e = new SiteRun(p, seed, threads, engine).online;
                assertThat(e.work()).as("engine work, " + what).isEqualTo(work);
                assertThat(e.span()).as("engine span, " + what).isEqualTo(span);
                assertThat(engine.whole().work()).as("engine T1, " + what).isEqualTo(work);
                assertThat(engine.whole().span()).as("engine T∞, " + what).isEqualTo(span);
                assertThat(SiteOracle.describe(SiteProfilerProperties.dense(e.onWork(), sites))).as("engine on work, " + what)
                        .containsExactlyElementsOf(SiteOracle.describe(expectedWork));
                assertThat(SiteOracle.describe(SiteProfilerProperties.dense(e.onSpan(), sites))).as("engine on span, " + what)
                        .containsExactlyElementsOf(SiteOracle.describe(expectedSpan));
                SiteOracle oracle = new SiteOracle(run);
                assertThat(oracle.work).as("oracle work").isEqualTo(work);
                assertThat(oracle.span).as("oracle span").isEqualTo(span);
                assertThat(SiteOracle.describe(oracle.onWork)).as("oracle on work")
                        .containsExactlyElementsOf(SiteOracle.describe(expectedWork));
                assertThat(SiteOracle.describe(oracle.onSpan)).as("oracle on span")
                        .containsExactlyElementsOf(SiteOracle.describe(expectedSpan));
            }
        }
    }

    private static long[] flat(long[][] rows) {
        long[] a = new long[rows.length * SiteOracle.FIELDS];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, a, i * SiteOracle.FIELDS, SiteOracle.FIELDS);
        }
        return a;
    }
}
