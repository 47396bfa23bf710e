package io.forkscope.samples;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The registry of every program in the suite, in a fixed order: the BOTS-like programs, the Cilk-5 /
 * Cilkprof suite, then the case studies.
 */
public final class Samples {
    private static final List<Sample> ALL = List.of(
            // BOTS
            new Alignment(), new Fft(), new Fib(), new Floorplan(), new Health(), new NQueens(),
            new CilkSort(), new SparseLu(), new Strassen(), new Uts(),
            // Cilk-5 / Cilkprof suite
            new Heat(), new Lu(), new MatMul(), new Cholesky(), new Knapsack(),
            // case studies
            new Quicksort(), new Stencil3d(true), new Stencil3d(false), new SnippetA(), new SnippetB(),
            new Pbfs(), new StealBench());

    private Samples() {}

    /** @return every program, in the suite's order */
    public static List<Sample> all() {
        return ALL;
    }

    /** @return the names of every program, in the suite's order */
    public static List<String> names() {
        return ALL.stream().map(Sample::name).collect(Collectors.toList());
    }

    /** @return the program with this name, if any */
    public static Optional<Sample> find(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * @return the program with this name
     * @throws IllegalArgumentException if there is none
     */
    public static Sample get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown program '" + name + "' (known: " + String.join(", ", names()) + ")"));
    }
}
