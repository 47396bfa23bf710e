package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ProfileSegment;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.EdgeKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The counters' feed against the profile's segments read as a list (the oracle): the same kept
 * segments (the first, then each whose running and ready levels differ bit for bit from the last kept
 * one), the same end, in order, whatever the batch size (batches of one segment to more than there
 * are); what the profile throws is thrown to the reader as it was; a feed closed before its end stops
 * its thread (a hang fails the test by its timeout).
 */
class CounterFeedTest {
    private static final int KINDS = EdgeKind.values().length;

    /** @return each kept segment as [start, running, ready...] and, last, [end, any] */
    static List<double[]> oracle(ParallelismProfile profile) {
        List<double[]> out = new ArrayList<>();
        double[] last = null;
        long end = 0;
        for (ProfileSegment s : profile.segments()) {
            double[] now = new double[1 + KINDS];
            now[0] = s.running();
            System.arraycopy(s.readyByKind(), 0, now, 1, KINDS);
            end = s.end();
            if (last != null && Arrays.equals(last, now)) {
                continue;
            }
            last = now;
            double[] row = new double[2 + KINDS];
            row[0] = s.start();
            System.arraycopy(now, 0, row, 1, 1 + KINDS);
            out.add(row);
        }
        out.add(new double[] {end, profile.size() > 0 ? 1 : 0});
        return out;
    }

    static List<double[]> fed(CounterFeed feed) throws IOException {
        List<double[]> out = new ArrayList<>();
        while (true) {
            CounterFeed.Batch b = feed.next();
            for (int i = 0; i < b.size; i++) {
                double[] row = new double[2 + KINDS];
                row[0] = b.times[i];
                System.arraycopy(b.levels, i * (1 + KINDS), row, 1, 1 + KINDS);
                out.add(row);
            }
            if (b.last) {
                out.add(new double[] {b.any ? b.end : 0, b.any ? 1 : 0});
                return out;
            }
            feed.recycle(b);
        }
    }

    @Property(tries = 1000)          // run with 10,000 tries and fresh seeds twice
    void keepsWhatTheSegmentsListKeeps(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                                       @ForAll @IntRange(min = 0, max = 60) int size,
                                       @ForAll @IntRange(min = 1, max = 40) int batch) throws IOException {
        Dag dag = ChromeTraceEquivalenceTest.randomDag(new Random(seed), workers, size);
        ParallelismProfile profile = ParallelismProfile.of(dag);
        List<double[]> expected = oracle(profile);
        if (profile.size() == 0) {
            expected.set(expected.size() - 1, new double[] {0, 0});
        }
        List<double[]> got;
        try (CounterFeed feed = new CounterFeed(() -> ParallelismProfile.of(dag), KINDS, batch)) {
            got = fed(feed);
        }
        assertThat(got).hasSameSizeAs(expected);
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("row %d", i).isEqualTo(expected.get(i));
        }
    }

    @Test
    @Timeout(60)
    void whatTheProfileThrowsIsThrownAsItWas() {
        OutOfMemoryError oom = new OutOfMemoryError("test");
        try (CounterFeed feed = new CounterFeed(() -> {
            throw oom;
        }, KINDS, 16)) {
            assertThatThrownBy(feed::next).isSameAs(oom);
        }
        IllegalStateException broken = new IllegalStateException("profile");
        try (CounterFeed feed = new CounterFeed(() -> {
            throw broken;
        }, KINDS, 16)) {
            assertThatThrownBy(feed::next).isSameAs(broken);
        }
    }

    /** A trace that fails while the feed still has batches to hand: close stops the sweep, which waits for a batch. */
    @Test
    @Timeout(60)
    void aFeedClosedBeforeItsEndStopsItsThread() throws Exception {
        Dag dag = ChromeTraceEquivalenceTest.randomDag(new Random(7), 3, 60);
        ParallelismProfile profile = ParallelismProfile.of(dag);
        assertThat(profile.size()).isGreaterThan(4 * CounterFeed.BATCHES);
        CounterFeed feed = new CounterFeed(() -> profile, KINDS, 1);
        CounterFeed.Batch first = feed.next();
        assertThat(first.last).isFalse();
        Thread.sleep(100);                        // the sweep fills every batch and waits for one back
        Thread closing = new Thread(feed::close);  // close waits for the sweep's thread: it must end
        closing.start();
        closing.join(10_000);
        assertThat(closing.isAlive()).as("close still waits for the sweep").isFalse();
        List<Thread> left = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("forkscope counters") && t.isAlive()) {
                left.add(t);
            }
        }
        assertThat(left).isEmpty();
    }
}
