package com.acme.weave;

import com.acme.weave.lib.Helper;

/** Plain calls: static, virtual, with values already on the stack, long and double arguments. */
public class Calls {
    private final int base;

    public Calls() {
        this.base = square(2);
    }

    static int square(int x) {
        return x * x;
    }

    int add(int a, int b) {
        return a + b + base;
    }

    static long widen(long a, double b, int c) {
        return a + (long) b + c;
    }

    public static long run() {
        Calls c = new Calls();
        int s = square(3);
        int t = 10 + c.add(s, square(2)) * 2;
        long w = 7L * widen(5L, 2.5, 1) + widen(1L, 0.5, square(1));
        return s + t + w + Math.max(1, 2) + Helper.twice(s) + c.hashCode() * 0;
    }
}
