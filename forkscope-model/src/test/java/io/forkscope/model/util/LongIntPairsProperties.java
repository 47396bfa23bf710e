package io.forkscope.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The in-place sort against {@link Arrays#sort(long[])} as oracle for the keys, and against the
 * multiset of (key, value) pairs for the values that travel with them; inputs include the orders that
 * break naive quicksorts (sorted, reversed, all equal, organ pipe, few distinct keys).
 */
class LongIntPairsProperties {

    @Property(tries = 300)
    void sortsAnyListByKeyKeepingEachValueWithItsKey(
            @ForAll @Size(max = 3000) List<@LongRange(min = -50, max = 50) Long> small,
            @ForAll @IntRange(min = 0, max = 5) int shape, @ForAll long seed, @ForAll boolean negativeValues) {
        // negative values (or shape 5's wide keys) take the quicksort; the others the packed sort
        long[] keys = shaped(small, shape, seed);
        LongIntPairs pairs = new LongIntPairs(1);
        for (int i = 0; i < keys.length; i++) {
            pairs.add(keys[i], negativeValues ? -1 - i : i);
        }
        pairs.sortByKey();
        long[] expected = keys.clone();
        Arrays.sort(expected);
        assertThat(pairs.size()).isEqualTo(keys.length);
        boolean[] seen = new boolean[keys.length];
        for (int i = 0; i < pairs.size(); i++) {
            assertThat(pairs.key(i)).isEqualTo(expected[i]);
            int v = negativeValues ? -1 - pairs.value(i) : pairs.value(i);
            assertThat(seen[v]).as("value %d twice", v).isFalse();
            seen[v] = true;
            assertThat(keys[v]).as("value %d travelled with its key", v).isEqualTo(pairs.key(i));
        }
    }

    @Property(tries = 300)
    void sortsByKeyThenValueWhateverTheOrderTheyCameIn(
            @ForAll @Size(max = 2000) List<@LongRange(min = -20, max = 20) Long> small,
            @ForAll @IntRange(min = 0, max = 5) int shape, @ForAll long seed,
            @ForAll @IntRange(min = -3, max = 1 << 30) int valueBase) {
        long[] keys = shaped(small, shape, seed);
        Random r = new Random(seed);
        long[][] expected = new long[keys.length][];
        LongIntPairs pairs = new LongIntPairs(keys.length);
        for (int i = 0; i < keys.length; i++) {
            int v = valueBase + r.nextInt(8);          // repeated values, negative ones when valueBase < 0
            pairs.add(keys[i], v);
            expected[i] = new long[] {keys[i], v};
        }
        pairs.sortByKeyThenValue();
        Arrays.sort(expected, java.util.Comparator.<long[]>comparingLong(p -> p[0]).thenComparingLong(p -> p[1]));
        for (int i = 0; i < keys.length; i++) {
            assertThat(new long[] {pairs.key(i), pairs.value(i)}).as("pair %d", i).containsExactly(expected[i]);
        }
    }

    @Property(tries = 300)
    void searchFindsEveryKeyAndPlacesTheOthers(@ForAll @Size(max = 500) List<@LongRange(min = -1000, max = 1000) Long> keys,
                                               @ForAll @LongRange(min = -1100, max = 1100) long probe) {
        LongIntPairs pairs = new LongIntPairs(0);
        Map<Long, Integer> valueOf = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            if (valueOf.putIfAbsent(keys.get(i), i) == null) {
                pairs.add(keys.get(i), i);
            }
        }
        pairs.sortByKey();
        int i = pairs.search(probe);
        if (valueOf.containsKey(probe)) {
            assertThat(i).isNotNegative();
            assertThat(pairs.value(i)).isEqualTo(valueOf.get(probe));
        } else {
            int insertion = -i - 1;
            assertThat(i).isNegative();
            assertThat(insertion == 0 || pairs.key(insertion - 1) < probe).isTrue();
            assertThat(insertion == pairs.size() || pairs.key(insertion) > probe).isTrue();
        }
    }

    @Test
    void aMillionSortedReversedAndEqualKeysSortWithoutDeepRecursion() {
        for (int shape = 1; shape <= 4; shape++) {
            long[] big = new long[1_000_000];
            for (int i = 0; i < big.length; i++) {
                big[i] = switch (shape) {
                    case 1 -> i;
                    case 2 -> big.length - i;
                    case 3 -> 42;
                    default -> i < big.length / 2 ? i : big.length - i;
                };
            }
            LongIntPairs pairs = new LongIntPairs(big.length);
            for (int i = 0; i < big.length; i++) {
                pairs.add(big[i], -1 - i);            // a negative value: the quicksort, not the packed sort
            }
            pairs.sortByKey();
            Arrays.sort(big);
            for (int i = 0; i < big.length; i++) {
                assertThat(pairs.key(i)).isEqualTo(big[i]);
            }
        }
    }

    /** The keys in one of several orders: as drawn, sorted, reversed, all equal, organ pipe, random wide. */
    private static long[] shaped(List<Long> drawn, int shape, long seed) {
        long[] k = drawn.stream().mapToLong(Long::longValue).toArray();
        switch (shape) {
            case 1 -> Arrays.sort(k);
            case 2 -> {
                Arrays.sort(k);
                for (int i = 0; i < k.length / 2; i++) {
                    long t = k[i];
                    k[i] = k[k.length - 1 - i];
                    k[k.length - 1 - i] = t;
                }
            }
            case 3 -> Arrays.fill(k, 3);
            case 4 -> {
                for (int i = 0; i < k.length; i++) {
                    k[i] = Math.min(i, k.length - i);
                }
            }
            case 5 -> {
                Random r = new Random(seed);
                for (int i = 0; i < k.length; i++) {
                    k[i] = r.nextLong();
                }
            }
            default -> { }
        }
        return k;
    }
}
