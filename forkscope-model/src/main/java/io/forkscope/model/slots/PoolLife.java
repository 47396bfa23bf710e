package io.forkscope.model.slots;

/**
 * One ForkJoinPool as the worker slots see it (measures.md §2, "worker slots"): its target
 * parallelism, the part of the run it was alive for the program, and how many distinct threads of
 * it ran tasks (more than its parallelism when it added compensation threads for blocked joins or
 * replaced workers that timed out; those threads take its slots, they never add any).
 *
 * @param parallelism the pool's target parallelism (its slots), at least 1
 * @param common      whether it is the common pool
 * @param from        its first worker's first event (ns from the start of the recording)
 * @param to          its workers' last event; {@code from ≤ to}
 * @param threads     distinct threads of the pool that ran tasks
 */
public record PoolLife(int parallelism, boolean common, long from, long to, int threads) {
    public PoolLife {
        if (parallelism < 1) {
            throw new IllegalArgumentException("a pool's parallelism must be at least 1, got " + parallelism);
        }
        if (to < from) {
            throw new IllegalArgumentException("a pool's life ends before it begins");
        }
        if (threads < 0) {
            throw new IllegalArgumentException("negative thread count");
        }
    }

    /** @return threads beyond the pool's parallelism: compensation or replacement threads */
    public int extraThreads() {
        return Math.max(0, threads - parallelism);
    }
}
