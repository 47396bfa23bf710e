package io.forkscope.model.util;

import java.util.Arrays;

/**
 * A growable list of pairs of a long key and an int value, sortable by key in place: two primitive
 * arrays, 12 bytes a pair, where boxed maps cost some 100-150 (a DAG of 2.5 M nodes has 2.5 M node
 * ids to index and some 15 M profile events, each a time and a code: the DAG assembler and the
 * parallelism profile sort them here).
 *
 * <p>The sort is a quicksort on the parallel arrays with a median-of-three pivot, insertion sort for
 * short ranges, and recursion only into the smaller side (stack depth O(log n)); a range that
 * partitions badly ({@code depth} exhausted) is finished by heapsort, so the worst case stays
 * O(n log n). It is not stable: pairs with one key come out in no particular order.
 *
 * <p>A list sorted packed ({@link #sortPacked}) stays packed: one long a pair, 8 bytes where the two
 * arrays take 12, and the two arrays are let go before the sort's own buffer is made, so that sorting
 * a profile's 12 M events peaks at two longs a pair instead of four and a half. Adding to a packed
 * list unpacks it first.
 *
 * <p>A list made by {@link #packing} packs each pair as it is added, into one array of its capacity:
 * a caller that knows the range of its keys and values beforehand (a profile's event times lie between
 * the run's begin and finish) never holds the two arrays at all, and the sort then needs only its own
 * buffer beside it. It sorts as a list filled by {@link #LongIntPairs(int)} would, to the same order.
 */
public final class LongIntPairs {
    private long[] keys;
    private int[] values;
    private int size;
    /** The pairs as (key − packedMin) << packedBits | value, when sorted packed; else null. */
    private long[] packed;
    private long packedMin;
    private int packedBits;
    private long packedMask;
    /** Whether the packed pairs are sorted by value within a key too (else only by key). */
    private boolean packedByValue;
    /** Whether the list packs pairs as they are added ({@link #packing}) and is not sorted yet. */
    private boolean packing;
    /** While {@link #packing}: the largest key a pair may have. */
    private long packedMax;

    /** @param capacity how many pairs to make room for at first (it grows as needed) */
    public LongIntPairs(int capacity) {
        keys = new long[Math.max(16, capacity)];
        values = new int[keys.length];
    }

    /**
     * @param minKey   no key added will be below it
     * @param maxKey   nor above it
     * @param maxValue no value will be above it (nor below 0)
     * @param capacity how many pairs to make room for at first (it grows as needed)
     * @return an empty list that packs each pair as it is added (see the class comment), or null when
     *         such pairs do not pack into a long: then fill a list made by {@link #LongIntPairs(int)}
     */
    public static LongIntPairs packing(long minKey, long maxKey, int maxValue, int capacity) {
        long range = maxKey - minKey;
        if (maxValue < 0 || maxKey < minKey || range < 0) {
            return null;
        }
        // the bits sortPacked would find for pairs whose values OR to as many bits as maxValue has
        int valueBits = 32 - Integer.numberOfLeadingZeros(maxValue);
        int keyBits = 64 - Long.numberOfLeadingZeros(range);
        if (keyBits + valueBits > 63) {
            return null;
        }
        LongIntPairs pairs = new LongIntPairs(0);
        pairs.keys = null;
        pairs.values = null;
        pairs.packed = new long[Math.max(16, capacity)];
        pairs.packing = true;
        pairs.packedMin = minKey;
        pairs.packedMax = maxKey;
        pairs.packedBits = valueBits;
        pairs.packedMask = (1L << valueBits) - 1;
        return pairs;
    }

    public void add(long time, int code) {
        if (packing) {
            if (time < packedMin || time > packedMax || code < 0 || code > packedMask) {
                throw new IllegalArgumentException("the pair (" + time + ", " + code + ") lies outside the range"
                        + " the list was made for");
            }
            if (size == packed.length) {
                packed = Arrays.copyOf(packed, size + (size >> 1));
            }
            packed[size++] = (time - packedMin) << packedBits | code;
            return;
        }
        if (packed != null) {
            unpack();
        }
        if (size == keys.length) {
            int cap = keys.length + (keys.length >> 1);
            keys = Arrays.copyOf(keys, cap);
            values = Arrays.copyOf(values, cap);
        }
        keys[size] = time;
        values[size++] = code;
    }

    public int size() {
        return size;
    }

    /** @return the key of pair i */
    public long key(int i) {
        return packed != null ? (packed[i] >>> packedBits) + packedMin : keys[i];
    }

    /** @return the value of pair i */
    public int value(int i) {
        return packed != null ? (int) (packed[i] & packedMask) : values[i];
    }

    /**
     * @return the index of a pair with this key in a list sorted by key, or -(insertion point) - 1 when
     *         none has it (as {@link Arrays#binarySearch(long[], long)})
     */
    public int search(long key) {
        if (packed == null) {
            return Arrays.binarySearch(keys, 0, size, key);
        }
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = key(mid);
            if (k < key) {
                lo = mid + 1;
            } else if (k > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** Back to two arrays (before an add to a packed list). */
    private void unpack() {
        packing = false;
        long[] p = packed;
        keys = new long[Math.max(16, p.length)];
        values = new int[keys.length];
        for (int i = 0; i < size; i++) {
            keys[i] = (p[i] >>> packedBits) + packedMin;
            values[i] = (int) (p[i] & packedMask);
        }
        packed = null;
    }

    /**
     * After {@link #sortByKey}: the values in key order, those of pairs with one key ordered by
     * {@code tie} (a total order on values, so that the result does not depend on how the sort left
     * ties). Runs of equal keys are boxed for the comparator: meant for keys that rarely tie (times in
     * nanoseconds).
     */
    public int[] valuesByKeyThen(java.util.Comparator<Integer> tie) {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = value(i);
        }
        for (int a = 0; a < size; ) {
            int z = a + 1;
            while (z < size && key(z) == key(a)) {
                z++;
            }
            if (z - a > 1) {
                Integer[] run = new Integer[z - a];
                for (int k = a; k < z; k++) {
                    run[k - a] = order[k];
                }
                Arrays.sort(run, tie);
                for (int k = a; k < z; k++) {
                    order[k] = run[k - a];
                }
            }
            a = z;
        }
        return order;
    }

    /** Sorts the pairs by key (ties in no particular order). */
    public void sortByKey() {
        if (sortPacked(false)) {
            return;
        }
        quicksort();
    }

    /**
     * When every key lies in a range of k bits and every value is non-negative and fits in v bits with
     * k + v ≤ 63 (a profile's event times over a run of seconds and its codes: 31 + 27), each pair
     * packs into one long, (key − min) << v | value, whose order is the pairs' order by key then value:
     * one sort of a long[] instead of two arrays swapped together, some three times faster: for large
     * lists a radix sort ({@link LongRadixSort}) on the key's bits only when ties may come in any order
     * ({@code byValueToo} false) or on all of them, else the JDK's sort. Else false, and nothing is
     * changed.
     */
    private boolean sortPacked(boolean byValueToo) {
        if (packing) {                       // packed as added: sorted here as the arrays would be below
            packing = false;
            if (size >= LongRadixSort.WORTH_FROM) {
                int keyBits = 64 - Long.numberOfLeadingZeros(packedMax - packedMin);
                LongRadixSort.sort(packed, size, byValueToo ? 0 : packedBits, packedBits + keyBits);
                packedByValue = byValueToo;
            } else {
                Arrays.sort(packed, 0, size);
                packedByValue = true;
            }
            return true;
        }
        if (packed != null) {                // sorted packed already, and nothing added since
            if (byValueToo && !packedByValue) {
                LongRadixSort.sort(packed, size, 0, packedBits + 64 - Long.numberOfLeadingZeros(
                        (packed[size - 1] >>> packedBits)));   // the largest key is last
                packedByValue = true;
            }
            return true;
        }
        if (size < 2) {
            return true;                     // nothing to sort
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int or = 0;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, keys[i]);
            max = Math.max(max, keys[i]);
            or |= values[i];
        }
        long range = max - min;
        if (or < 0 || range < 0) {
            return false;                    // a negative value, or a range that overflows a long
        }
        int valueBits = 32 - Integer.numberOfLeadingZeros(or);
        int keyBits = 64 - Long.numberOfLeadingZeros(range);
        if (keyBits + valueBits > 63) {
            return false;
        }
        long[] p = new long[size];
        for (int i = 0; i < size; i++) {
            p[i] = (keys[i] - min) << valueBits | values[i];
        }
        keys = null;                          // let go of the arrays before the sort makes its buffer
        values = null;
        if (size >= LongRadixSort.WORTH_FROM) {
            LongRadixSort.sort(p, byValueToo ? 0 : valueBits, valueBits + keyBits);
            packedByValue = byValueToo;
        } else {
            Arrays.sort(p);
            packedByValue = true;
        }
        packed = p;
        packedMin = min;
        packedBits = valueBits;
        packedMask = (1L << valueBits) - 1;
        return true;
    }

    /** Sorts the pairs by key, and pairs with one key by value: a total order, whatever order they came in. */
    public void sortByKeyThenValue() {
        if (sortPacked(true)) {
            return;                      // packed pairs sort by key, then value, already
        }
        quicksort();
        for (int a = 0; a < size; ) {
            int b = a + 1;
            while (b < size && keys[b] == keys[a]) {
                b++;
            }
            if (b - a > 1) {
                Arrays.sort(values, a, b);     // the keys of [a, b) are all equal
            }
            a = b;
        }
    }

    /** The quicksort of the class comment, over every pair. */
    private void quicksort() {
        sort(0, size - 1, 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, size))));
    }

    private void sort(int lo, int hi, int depth) {
        while (hi - lo > 16) {
            if (depth-- == 0) {
                heapsort(lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            // median of three to lo's place
            if (keys[mid] < keys[lo]) {
                swap(mid, lo);
            }
            if (keys[hi] < keys[lo]) {
                swap(hi, lo);
            }
            if (keys[hi] < keys[mid]) {
                swap(hi, mid);
            }
            swap(lo, mid);
            long pivot = keys[lo];
            // Hoare partition: [lo, j] <= pivot <= [j + 1, hi]
            int i = lo - 1;
            int j = hi + 1;
            while (true) {
                do {
                    i++;
                } while (keys[i] < pivot);
                do {
                    j--;
                } while (keys[j] > pivot);
                if (i >= j) {
                    break;
                }
                swap(i, j);
            }
            if (j - lo < hi - j) {
                sort(lo, j, depth);
                lo = j + 1;
            } else {
                sort(j + 1, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            long t = keys[i];
            int c = values[i];
            int k = i - 1;
            while (k >= lo && keys[k] > t) {
                keys[k + 1] = keys[k];
                values[k + 1] = values[k];
                k--;
            }
            keys[k + 1] = t;
            values[k + 1] = c;
        }
    }

    private void heapsort(int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(lo, lo + end);
            siftDown(lo, 0, end);
        }
    }

    private void siftDown(int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && keys[lo + child + 1] > keys[lo + child]) {
                child++;
            }
            if (keys[lo + i] >= keys[lo + child]) {
                return;
            }
            swap(lo + i, lo + child);
            i = child;
        }
    }

    private void swap(int a, int b) {
        long t = keys[a];
        keys[a] = keys[b];
        keys[b] = t;
        int c = values[a];
        values[a] = values[b];
        values[b] = c;
    }
}
