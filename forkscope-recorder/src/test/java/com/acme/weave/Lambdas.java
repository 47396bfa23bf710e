package com.acme.weave;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/** Lambda bodies with branches and loops, stream terminal operations and the JDK's other parallel entry points. */
public final class Lambdas {
    private Lambdas() {
    }

    static int scale(int i, int k) {
        return i * k;
    }

    public static int stream() {
        int k = 3;
        return IntStream.range(0, 100).parallel().map(i -> scale(i, k)).filter(i -> {
            if (i % 2 == 0) {
                return true;
            }
            return i % 3 == 0;
        }).sum();
    }

    public static long loops() {
        return LongStream.rangeClosed(1, 20).map(v -> {
            long acc = 0;
            for (long j = 0; j < v; j++) {
                acc += j % 2 == 0 ? j : -1;
            }
            return acc;
        }).sum();
    }

    public static long arrays() {
        long[] a = new long[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 7919L) % 5000;
        }
        Arrays.parallelSort(a);
        ConcurrentHashMap<String, Integer> m = new ConcurrentHashMap<>();
        m.put("a", 1);
        m.put("b", 2);
        long sum = m.reduceValuesToLong(1, Integer::longValue, 0L, Long::sum);
        return a[0] + a[a.length - 1] + sum;
    }
}
