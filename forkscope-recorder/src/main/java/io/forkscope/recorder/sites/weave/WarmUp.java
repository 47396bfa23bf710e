package io.forkscope.recorder.sites.weave;

import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/**
 * Woven once when the site weaver is installed, as a class file: never loaded (its superclass would
 * load ForkJoinTask before the recorder weaves it): it has every kind of site, so
 * that every class weaving needs is loaded then, not inside the first application class's definition.
 */
final class WarmUp extends RecursiveTask<Integer> {
    private final int n;

    WarmUp(int n) {
        this.n = n;
    }

    @Override
    protected Integer compute() {
        if (n < 2) {
            return n;
        }
        WarmUp a = new WarmUp(n - 1);
        a.fork();
        return twice(new WarmUp(n - 2).compute()) + a.join();
    }

    static int twice(int x) {
        return IntStream.range(0, 2).parallel().map(i -> i < 1 ? x : 0).sum() + x;
    }
}
