package io.forkscope.model.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A list that packs pairs as they come ({@link LongIntPairs#packing}) against a list filled unpacked
 * ({@link LongIntPairs#LongIntPairs(int)}) as oracle: the same pairs sorted come out in the same order,
 * ties included (both sort packed, the same way, when they can), below and above the radix sort's size;
 * and the radix sort of an array's first {@code length} elements against sorting a copy of just those.
 */
class PackingPairsProperties {

    @Property(tries = 300)           // run with 10,000 tries and fresh seeds twice
    void sortsAsAListFilledUnpackedDoes(@ForAll @IntRange(min = 0, max = 3) int sizeClass, @ForAll long seed) {
        Random r = new Random(seed);
        int size = switch (sizeClass) {
            case 0 -> r.nextInt(20);
            case 1 -> r.nextInt(2000);
            case 2 -> LongRadixSort.WORTH_FROM - 5 + r.nextInt(10);
            default -> LongRadixSort.WORTH_FROM + r.nextInt(3 * LongRadixSort.WORTH_FROM);
        };
        long min = r.nextBoolean() ? r.nextLong() / 2 : r.nextInt(1000);
        long span = r.nextBoolean() ? r.nextInt(1 << 20) : (long) r.nextInt(Integer.MAX_VALUE) << r.nextInt(3);
        int maxValue = r.nextBoolean() ? r.nextInt(1 << 10) : r.nextInt(Integer.MAX_VALUE);
        int distinct = 1 + r.nextInt(Math.max(1, size / 3 + 1));      // few distinct keys: many ties
        long[] keys = new long[distinct];
        for (int i = 0; i < distinct; i++) {
            keys[i] = min + (span == 0 ? 0 : Math.floorMod(r.nextLong(), span + 1));
        }
        LongIntPairs packing = LongIntPairs.packing(min, min + span, maxValue, r.nextInt(size + 1));
        LongIntPairs oracle = new LongIntPairs(r.nextInt(size + 1));
        int bits = (64 - Long.numberOfLeadingZeros(span)) + (32 - Integer.numberOfLeadingZeros(maxValue));
        assertThat(packing == null).as("refused, with %d bits", bits).isEqualTo(bits > 63);
        if (packing == null) {
            return;
        }
        for (int i = 0; i < size; i++) {
            long k = keys[r.nextInt(distinct)];
            int v = r.nextInt(maxValue + 1);
            if (i == 0) {
                v = maxValue;                    // the largest value is reached, as the profile's codes reach theirs
            }
            packing.add(k, v);
            oracle.add(k, v);
        }
        if (r.nextBoolean()) {
            packing.sortByKey();
            oracle.sortByKey();
        } else {
            packing.sortByKeyThenValue();
            oracle.sortByKeyThenValue();
        }
        assertThat(packing.size()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            assertThat(packing.key(i)).as("key %d", i).isEqualTo(oracle.key(i));
            assertThat(packing.value(i)).as("value %d", i).isEqualTo(oracle.value(i));
        }
        if (size > 0) {
            int k = r.nextInt(size);
            assertThat(packing.key(packing.search(packing.key(k)))).isEqualTo(packing.key(k));
        }
    }

    @Property(tries = 1000)          // run with 10,000 tries and fresh seeds twice
    void sortsTheFirstLengthElementsAndLeavesTheRest(@ForAll @IntRange(min = 0, max = 300) int length,
                                                     @ForAll @IntRange(min = 0, max = 50) int extra,
                                                     @ForAll @IntRange(min = 0, max = 40) int fromBit,
                                                     @ForAll long seed) {
        Random r = new Random(seed);
        long[] a = new long[length + extra];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextLong() & 0xFFFF_FFFFFFL;
        }
        int toBit = Math.min(63, fromBit + r.nextInt(24));
        long[] expected = Arrays.copyOf(a, length);
        LongRadixSort.sort(expected, fromBit, toBit);        // the whole-array sort, checked against List.sort
        long[] sorted = a.clone();
        LongRadixSort.sort(sorted, length, fromBit, toBit);
        assertThat(Arrays.copyOf(sorted, length)).isEqualTo(expected);
        assertThat(Arrays.copyOfRange(sorted, length, a.length)).isEqualTo(Arrays.copyOfRange(a, length, a.length));
    }

    @Test
    void refusesWhatDoesNotPackAndPairsOutsideItsRange() {
        assertThat(LongIntPairs.packing(0, Long.MAX_VALUE, 1, 16)).isNull();       // 63 bits of key and one of value
        assertThat(LongIntPairs.packing(Long.MIN_VALUE, Long.MAX_VALUE, 0, 16)).isNull();
        assertThat(LongIntPairs.packing(5, 4, 0, 16)).isNull();
        assertThat(LongIntPairs.packing(0, 1, -1, 16)).isNull();
        LongIntPairs p = LongIntPairs.packing(100, 200, 7, 0);
        assertThatThrownBy(() -> p.add(99, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> p.add(201, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> p.add(150, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> p.add(150, -1)).isInstanceOf(IllegalArgumentException.class);
        for (int i = 0; i < 40; i++) {
            p.add(200 - i, i % 8);               // past its capacity: it grows
        }
        p.sortByKey();
        assertThat(p.key(0)).isEqualTo(161);
        assertThat(p.key(39)).isEqualTo(200);
        assertThatThrownBy(() -> LongRadixSort.sort(new long[] {1}, 2, 0, 8)).isInstanceOf(IllegalArgumentException.class);
    }
}
