package io.forkscope.model.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The radix sort against a stable comparison sort (List.sort) on the same bits as oracle: the same
 * order, ties (elements equal on the sorted bits) in their input order.
 */
class LongRadixSortProperties {

    @Property(tries = 400)
    void sortsStablyByTheGivenBits(@ForAll @IntRange(min = 0, max = 5000) int size,
                                   @ForAll @IntRange(min = 0, max = 63) int a, @ForAll @IntRange(min = 0, max = 63) int b,
                                   @ForAll @IntRange(min = 1, max = 63) int valueBits, @ForAll long seed) {
        int fromBit = Math.min(a, b);
        int toBit = Math.max(a, b);
        Random r = new Random(seed);
        long bound = valueBits == 63 ? Long.MAX_VALUE : 1L << valueBits;
        int distinct = 1 + r.nextInt(size + 1);           // few distinct values: many ties
        long[] pool = new long[distinct];
        for (int i = 0; i < distinct; i++) {
            pool[i] = r.nextLong() & Long.MAX_VALUE & (bound - 1 | bound);
        }
        long[] input = new long[size];
        for (int i = 0; i < size; i++) {
            input[i] = pool[r.nextInt(distinct)];
        }
        long mask = toBit - fromBit == 64 ? -1 : ((1L << (toBit - fromBit)) - 1);
        List<Long> expected = new ArrayList<>(size);
        for (long x : input) {
            expected.add(x);
        }
        expected.sort(Comparator.comparingLong(x -> (x >>> fromBit) & mask));   // stable
        long[] sorted = input.clone();
        LongRadixSort.sort(sorted, fromBit, toBit);
        for (int i = 0; i < size; i++) {
            assertThat(sorted[i]).as("element %d", i).isEqualTo(expected.get(i));
        }
    }

    @Test
    void aLargePackedListTakesTheRadixPathAndAgreesWithTheQuicksort() {
        Random r = new Random(42);
        int n = LongRadixSort.WORTH_FROM * 3;
        LongIntPairs packed = new LongIntPairs(n);
        LongIntPairs quick = new LongIntPairs(n);
        for (int i = 0; i < n; i++) {
            long t = 1_000_000_000L + r.nextInt(1 << 24);
            packed.add(t, i);            // non-negative values: packed, then radix
            quick.add(t, -1 - i);        // negative values: the quicksort
        }
        packed.sortByKey();
        quick.sortByKey();
        for (int i = 0; i < n; i++) {
            assertThat(packed.key(i)).isEqualTo(quick.key(i));
        }
        packed.sortByKeyThenValue();        // a list sorted packed by key alone, now by value too
        for (int i = 1; i < n; i++) {
            assertThat(packed.key(i - 1) < packed.key(i)
                    || packed.key(i - 1) == packed.key(i) && packed.value(i - 1) < packed.value(i)).isTrue();
        }
        for (int i = 0; i < n; i += 997) {  // a packed list answers searches, and takes more pairs
            assertThat(packed.key(packed.search(packed.key(i)))).isEqualTo(packed.key(i));
        }
        assertThat(packed.search(999_999_999L)).isEqualTo(-1);
        packed.add(999_999_999L, 7);
        packed.add(2_000_000_000L, 8);
        packed.sortByKey();
        assertThat(packed.size()).isEqualTo(n + 2);
        assertThat(packed.key(0)).isEqualTo(999_999_999L);
        assertThat(packed.value(0)).isEqualTo(7);
        assertThat(packed.key(n + 1)).isEqualTo(2_000_000_000L);
        assertThat(packed.value(n + 1)).isEqualTo(8);
    }

    @Test
    void refusesNegativeElementsAndBadRanges() {
        assertThatThrownBy(() -> LongRadixSort.sort(new long[] {1, -1}, 0, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LongRadixSort.sort(new long[] {1}, 5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LongRadixSort.sort(new long[] {1}, 0, 64)).isInstanceOf(IllegalArgumentException.class);
    }
}
