package io.forkscope.recorder.engine;

/**
 * Takes the time a thread was not running (blocked outside the pool, asleep, preempted by another
 * thread or process, stopped for a GC safepoint, descheduled while JIT threads took its core) out
 * of its strands, with the thread's CPU clock.
 *
 * <p>The wall clock is read at every event as before; the CPU clock costs some hundred ns a read,
 * so it is read only where that is cheap next to what it measures: at the end of a strand at least
 * {@code threshold} long in wall time, and where a strand opens after a gap (wait, park, the
 * runtime) at least {@code threshold} long since the thread's last strand closed. Each read leaves
 * a mark (wall, cpu) on the thread. A strand of wall length {@code d} that ends with a read is
 * charged with the thread's not-running time since the mark,
 * {@code (wall - markWall) - (cpu - markCpu)}, clamped to [0, d]; so the cost is at most one read
 * per threshold of strand and per threshold of gap (a read costs 300-500 ns of CPU on a 2-vCPU
 * x86-64 VM: ≤ 1% at the default 50 µs). A strand that lost its core for a scheduler timeslice
 * (ms) is long enough to be read whatever it computed.
 *
 * <p>Error that remains, by design:
 * <ul>
 *   <li>not-running time inside strands shorter than the threshold (preempted or blocked for less
 *       than the threshold, since a longer stop makes the strand long enough to be read) counts;
 *   <li>not-running time in the runtime between strands, in gaps shorter than the threshold, and in
 *       short strands since the mark, is charged to the next strand that ends with a read (at most
 *       that strand's length);
 *   <li>a CPU read after a long gap happens after the strand's start was read: its cost (~300 ns)
 *       counts in that strand; the CPU clock's own granularity (ns on Linux, scheduler accounting
 *       elsewhere) adds to each read;
 *   <li>threads without a CPU clock (virtual threads; JVMs without thread CPU time) keep wall time.
 * </ul>
 * CPU time is what the program's strand computed, not what it waited for; time stolen by JIT and
 * GC threads counts as not running, like the runtime's own time between strands. Only the owning
 * thread calls these methods, on its own {@link ThreadState}.
 */
final class NotRunningTime {
    /** The mark's CPU time before the thread's first read. */
    private static final long NO_MARK = -1;
    /** What {@link #cpuBeforeOpening} returns when it did not read. */
    static final long NO_READ = -2;

    private final Clock clock;
    private final long thresholdNs;
    private final boolean enabled;

    /** @param enabled false for abstract units (strand lengths are declared, not timed) */
    NotRunningTime(Clock clock, boolean enabled) {
        this.clock = clock;
        this.thresholdNs = clock.cpuThresholdNs();
        this.enabled = enabled && thresholdNs != Clock.NEVER;
    }

    /**
     * A strand opens at wall time {@code now}: after a gap of at least the threshold since the
     * thread's last strand closed (or at the thread's first strand), the not-running time of the
     * gap (a park, a sleep, a blocked wait) is no strand's, so the mark moves here.
     */
    void strandOpening(ThreadState ts, long now) {
        if (enabled && !ts.noCpuClock && (ts.cpuMark == NO_MARK || now - ts.strandClosedAt >= thresholdNs)) {
            mark(ts, now);
        }
    }

    /**
     * For a strand about to open at a wall read still to be taken, after a hook whose first read was
     * {@code read}: reads the thread's CPU clock now if {@link #strandOpening} would (so that the read's
     * cost falls before the strand, not in it), to be handed to {@link #strandOpened}.
     *
     * @return the thread's CPU time, or {@link #NO_READ}
     */
    long cpuBeforeOpening(ThreadState ts, long read) {
        if (!enabled || ts.noCpuClock || (ts.cpuMark != NO_MARK && read - ts.strandClosedAt < thresholdNs)) {
            return NO_READ;
        }
        long cpu = clock.threadCpuTime();
        if (cpu < 0) {
            ts.noCpuClock = true;
            return NO_READ;
        }
        return cpu;
    }

    /** The strand opened at wall time {@code now}, read after {@code cpu} was (cpuBeforeOpening). */
    void strandOpened(ThreadState ts, long now, long cpu) {
        if (cpu != NO_READ) {
            ts.cpuMark = cpu;
            ts.cpuMarkWall = now;
        }
    }

    /**
     * @return whether the strand that closes at wall time {@code now} will read the CPU clock (it is
     *     at least the threshold long): its closing hook then needs a wall read of its own to pair with
     */
    boolean readsAtClose(ThreadState ts, long now) {
        return enabled && !ts.noCpuClock && ts.cpuMark != NO_MARK && now - ts.strandStart >= thresholdNs;
    }

    /** @return the length of the strand that closes at wall time {@code now}, without the time its thread was not running */
    long strandLength(ThreadState ts, long now) {
        return strandLength(ts, now, now);
    }

    /**
     * The same for a strand that closed at {@code now} and a hook that read the wall clock at
     * {@code read} (≥ now): the CPU clock, read after {@code read}, is paired with {@code read} in
     * the mark, so the runtime's CPU time between the two is no strand's and no later strand's.
     */
    long strandLength(ThreadState ts, long now, long read) {
        long d = Math.max(0, now - ts.strandStart);
        ts.strandClosedAt = now;
        if (!enabled || ts.noCpuClock || d < thresholdNs || ts.cpuMark == NO_MARK) {
            return d;
        }
        long wallSince = read - ts.cpuMarkWall;
        long cpuSince = -ts.cpuMark;
        if (!mark(ts, read)) {
            return d;
        }
        cpuSince += ts.cpuMark;
        long notRunning = Math.min(d, Math.max(0, wallSince - cpuSince));
        return d - notRunning;
    }

    /** @return whether the thread has a CPU clock; if so the mark is (now, its CPU time) */
    private boolean mark(ThreadState ts, long now) {
        long cpu = clock.threadCpuTime();
        if (cpu < 0) {
            ts.noCpuClock = true;     // a virtual thread: never asks again
            return false;
        }
        ts.cpuMark = cpu;
        ts.cpuMarkWall = now;
        return true;
    }
}
