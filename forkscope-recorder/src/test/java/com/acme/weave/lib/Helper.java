package com.acme.weave.lib;

/** A library class the tests exclude with a pattern: no sites in it, calls to it are not sites. */
public final class Helper {
    private Helper() {
    }

    public static int twice(int x) {
        return Integer.sum(x, once(x));
    }

    static int once(int x) {
        return x;
    }
}
