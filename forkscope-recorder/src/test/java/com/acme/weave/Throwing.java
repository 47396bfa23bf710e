package com.acme.weave;

/** Calls whose callee throws: no exit runs for them; the program sees the same exceptions. */
public final class Throwing {
    private Throwing() {
    }

    static int boom(int x) {
        if (x > 0) {
            throw new IllegalStateException("boom " + x);
        }
        return x;
    }

    public static String run() {
        try {
            boom(1);
            return "not thrown";
        } catch (IllegalStateException e) {
            return e.getMessage() + ":" + boom(0);
        }
    }

    /** Throws out of the method through a call site. */
    public static int escape() {
        return boom(2) + 1;
    }
}
