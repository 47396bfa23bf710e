package io.forkscope.recorder.fj;

import java.util.concurrent.atomic.AtomicReference;

/** The first internal error that stopped recording; says once on stderr that recording stopped. */
final class Failure {
    private static final AtomicReference<Throwable> FIRST = new AtomicReference<>();

    private Failure() {}

    /** @return whether {@code t} is the first failure (the one to handle and report) */
    static boolean first(Throwable t) {
        return FIRST.compareAndSet(null, t);
    }

    static boolean happened() {
        return FIRST.get() != null;
    }

    static Throwable firstOrNull() {
        return FIRST.get();
    }

    static void say(Throwable t) {
        System.err.println("forkscope: internal error, recording stopped (the program runs on): " + t);
    }

    /** Forgets the failure, so that one JVM can run several tests of it. For tests only. */
    static void forgetForTests() {
        FIRST.set(null);
    }
}
