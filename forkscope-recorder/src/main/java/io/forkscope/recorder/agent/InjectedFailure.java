package io.forkscope.recorder.agent;

import io.forkscope.recorder.engine.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * For forkscope's own tests only, not a user option: with the system property
 * {@code -Dforkscope.test.failAtEvent=N} the engine's clock throws on its Nth read, so that the
 * event being handled fails inside the engine as a bug would, and the agent's failure path runs for
 * real. The engine reads its clock once when it is made and then in almost every event, so N ≥ 2
 * counts roughly hook events. The property is read once, when the agent starts; without it the
 * engine gets the plain clock and this class costs nothing.
 */
final class InjectedFailure {
    static final String PROPERTY = "forkscope.test.failAtEvent";

    private InjectedFailure() {}

    /** @return {@code clock}, or with the property set a clock that throws on its Nth read */
    static Clock clock(Clock clock) {
        String value = System.getProperty(PROPERTY);
        if (value == null) {
            return clock;
        }
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 2) {
            throw new IllegalArgumentException("-D" + PROPERTY + " needs a read count of at least 2, not '" + value + "'");
        }
        long failAt = n;
        AtomicLong reads = new AtomicLong();
        return new Clock() {      // the same clock, CPU time included, but for the one failing read
            @Override
            public long nanoTime() {
                if (reads.incrementAndGet() == failAt) {
                    throw new IllegalStateException("failure injected for a test by -D" + PROPERTY + "=" + failAt);
                }
                return clock.nanoTime();
            }

            @Override
            public long threadCpuTime() {
                return clock.threadCpuTime();
            }

            @Override
            public long cpuThresholdNs() {
                return clock.cpuThresholdNs();
            }
        };
    }
}
