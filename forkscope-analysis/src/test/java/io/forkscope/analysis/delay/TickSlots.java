package io.forkscope.analysis.delay;

import io.forkscope.model.slots.OutsideThread;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * slots(t) at integer ticks straight from measures.md §2, without WorkerSlots' step function: the
 * parallelism of every pool alive at t (from ≤ t &lt; to, a life of length 0 counting for one tick),
 * where none is alive the value at the nearest earlier tick where one is (else at the nearest later
 * one), plus the outside threads inside a task body at t (start ≤ t &lt; end). For the tick-by-tick
 * oracles (delay and idleness); also random slots for their properties.
 */
public final class TickSlots {
    private final List<PoolLife> pools;
    private final List<OutsideThread> outside;
    private final long lo;
    private final long hi;

    public TickSlots(List<PoolLife> pools, List<OutsideThread> outside, long lo, long hi) {
        this.pools = pools;
        this.outside = outside;
        this.lo = lo;
        this.hi = hi;
    }

    /** @return the pools' sum at tick t, with no carrying */
    private int pools(long t) {
        int sum = 0;
        for (PoolLife p : pools) {
            if (p.from() <= t && t < Math.max(p.to(), p.from() + 1)) {
                sum += p.parallelism();
            }
        }
        return sum;
    }

    public int at(long t) {
        int base = pools(t);
        for (long u = t - 1; base == 0 && u >= lo; u--) {       // the nearest earlier tick with a pool
            base = pools(u);
        }
        for (long u = t + 1; base == 0 && u <= hi; u++) {       // none: the nearest later one
            base = pools(u);
        }
        int outsiders = 0;
        for (OutsideThread o : outside) {
            long[] b = o.intervals();
            for (int i = 0; i < b.length; i += 2) {
                outsiders += b[i] <= t && t < b[i + 1] ? 1 : 0;
            }
        }
        return base + outsiders;
    }

    /**
     * Random slots around [begin, finish): 1 to 3 pools of parallelism 1 to 3 with lives of random
     * bounds (overlapping, one after another, with gaps, of length 0), and 0 to 2 outside threads
     * with 0 to 3 task bodies each.
     */
    public static WorkerSlots random(Random rnd, long begin, long finish) {
        long span = Math.max(1, finish - begin);
        List<PoolLife> pools = new ArrayList<>();
        for (int i = 0, n = 1 + rnd.nextInt(3); i < n; i++) {
            long from = begin - 2 + rnd.nextInt((int) span + 4);
            long to = from + rnd.nextInt((int) span + 2);
            pools.add(new PoolLife(1 + rnd.nextInt(3), false, from, to, rnd.nextInt(5)));
        }
        List<OutsideThread> outside = new ArrayList<>();
        for (int i = 0, n = rnd.nextInt(3); i < n; i++) {
            List<Long> b = new ArrayList<>();
            long t = begin - 1;
            for (int k = 0, m = rnd.nextInt(4); k < m; k++) {
                long s = t + rnd.nextInt(4);
                long e = s + rnd.nextInt(6);
                b.add(s);
                b.add(e);
                t = e + 1;
            }
            outside.add(new OutsideThread(90 + i, "main-" + i, b.stream().mapToLong(Long::longValue).toArray()));
        }
        return WorkerSlots.of(begin, finish, 3, pools, outside, 1);
    }

    /** The oracle's view of {@code slots}, from its pools and outside threads only. */
    public static TickSlots of(WorkerSlots slots, long begin, long finish) {
        long lo = begin;
        long hi = finish;
        for (PoolLife p : slots.pools()) {
            lo = Math.min(lo, p.from());
            hi = Math.max(hi, p.to() + 1);
        }
        if (!slots.recorded()) {
            throw new IllegalArgumentException("a constant P: use it directly");
        }
        return new TickSlots(slots.pools(), slots.outside(), lo, hi);
    }
}
