package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import io.forkscope.recorder.engine.Program.Body;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * The online engine against the offline oracle on random programs and random schedules: work,
 * span, burdened span and counts of the whole run and of a region around the program must agree
 * exactly (abstract units make the answer independent of the schedule, and so do counted units, read
 * from the thread's instruction count as {@code --unit bytecodes} reads them).
 */
class OnlineMatchesOfflineProperties {

    @Property(tries = 400)
    void onlineEqualsOfflineOnRandomPrograms(@ForAll("programs") Body program,
                                             @ForAll @LongRange(min = 0, max = 1000) long burden,
                                             @ForAll long scheduleSeed, @ForAll boolean counted) {
        DagOracle oracle = new DagOracle(program, burden);

        // abstract units, or counted ones (unit = bytecodes: the thread's instruction count, read at every event)
        SimRuntime rt = counted ? SimRuntime.counted(burden, scheduleSeed) : new SimRuntime(burden, scheduleSeed);
        Object token = rt.engine.regionStart("program");
        Program.simulate(program).accept(rt);
        rt.engine.regionStop(token);
        rt.drain();

        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        WorkSpan region = regions.get(0).measures();
        assertThat(region.span()).as("region span").isEqualTo(oracle.pathSpan);
        assertThat(region.burdenedSpan()).as("region burdened span").isEqualTo(oracle.pathBurdenedSpan);
        assertThat(region.work()).as("region work").isEqualTo(oracle.pathWork);
        assertThat(region.spawns()).as("region spawns").isEqualTo(oracle.pathSpawns);
        assertThat(region.syncs()).as("region syncs").isEqualTo(oracle.pathSyncs);

        WorkSpan whole = rt.engine.snapshot(true).measures();
        assertThat(whole.work()).as("work").isEqualTo(oracle.work);
        assertThat(whole.span()).as("span").isEqualTo(oracle.span);
        assertThat(whole.burdenedSpan()).as("burdened span").isEqualTo(oracle.burdenedSpan);
        assertThat(whole.spawns()).as("spawns").isEqualTo(oracle.spawns);
        assertThat(whole.syncs()).as("syncs").isEqualTo(oracle.syncs);
    }

    @Provide
    Arbitrary<Body> programs() {
        return body(3);
    }

    /** A body of a few operations (fewer deeper down); forks and calls nest up to {@code depth} levels. */
    private Arbitrary<Body> body(int depth) {
        Arbitrary<Integer> kinds = Arbitraries.integers().between(0, depth == 0 ? 1 : 7);
        return kinds.list().ofMaxSize(depth >= 3 ? 8 : 4).flatMap(plan -> assemble(plan, depth));
    }

    private Arbitrary<Body> assemble(List<Integer> plan, int depth) {
        Arbitrary<List<Program.Op>> ops = Arbitraries.just(new ArrayList<>());
        int forks = 0;
        List<Integer> unjoined = new ArrayList<>();
        for (int kind : plan) {
            Arbitrary<Program.Op> op;
            switch (kind) {
                case 0 -> op = Arbitraries.longs().between(0, 50).map(Program.Work::new);
                case 1 -> {
                    if (unjoined.isEmpty()) {
                        op = Arbitraries.longs().between(1, 9).map(Program.Work::new);
                    } else {
                        // join any outstanding fork: non-LIFO orders happen
                        int which = unjoined.remove((forks * 7 + plan.size()) % unjoined.size());
                        op = Arbitraries.just(new Program.Join(which));
                    }
                }
                case 2, 3 -> {
                    unjoined.add(forks++);
                    op = body(depth - 1).map(Program.Fork::new);
                }
                case 4 -> op = body(depth - 1).map(Program.Call::new);
                case 6 -> {
                    unjoined.clear();     // helpQuiesce joins them all
                    op = Arbitraries.just(new Program.HelpQuiesce());
                }
                case 7 -> {
                    if (unjoined.isEmpty()) {
                        op = Arbitraries.longs().between(1, 9).map(Program.Work::new);
                    } else {
                        // tryUnfork-or-join, most often of the latest fork (the idiom's order)
                        int which = unjoined.remove(unjoined.size() - 1 - (forks % 3 == 0 ? forks % unjoined.size() : 0));
                        op = Arbitraries.just(new Program.UnforkOrJoin(which));
                    }
                }
                case 5 -> op = body(depth - 1).list().ofMinSize(2).ofMaxSize(3).map(Program.InvokeAll::new);
                default -> throw new IllegalStateException("kind " + kind);
            }
            ops = ops.flatMap(list -> op.map(o -> {
                List<Program.Op> next = new ArrayList<>(list);
                next.add(o);
                return next;
            }));
        }
        // join most outstanding forks at the end; leave every third unjoined
        List<Integer> tail = new ArrayList<>(unjoined);
        return ops.map(list -> {
            for (int i = 0; i < tail.size(); i++) {
                if (i % 3 != 2) {
                    list.add(new Program.Join(tail.get(i)));
                }
            }
            return new Body(list);
        });
    }
}
