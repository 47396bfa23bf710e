package io.forkscope.recorder.fj;

import java.util.concurrent.atomic.AtomicBoolean;

/** Says once on stderr that recording stopped because of an internal error. */
final class Failure {
    private static final AtomicBoolean SAID = new AtomicBoolean();
    static volatile Throwable first;

    private Failure() {}

    static void report(Throwable t) {
        if (SAID.compareAndSet(false, true)) {
            first = t;
            System.err.println("forkscope: internal error, recording stopped (the program runs on): " + t);
        }
    }
}
