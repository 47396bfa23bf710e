package io.forkscope.cli;

import io.forkscope.model.Recording;

/**
 * Keeps the heap of a command that analyses a large DAG near what it holds. Reading a file of millions of
 * nodes leaves as much garbage as it keeps (the file's node columns and the assembler's indexes, some
 * 400 MB for 3 M nodes, beside the DAG's 200 MB), all of it in large arrays. The collectors of JDK 25
 * do not collect it before the analysis allocates its own arrays (G1 grows the heap for each large array
 * without a collection while it waits for a young collection that small objects, which these commands
 * hardly make, would start; the parallel and serial collectors grow the old generation rather than
 * collect it): `delays` on 3 M nodes grew to 1.3 GB of memory for 0.65 GB it ever held at once. One
 * collection right after reading frees that garbage in the heap already there, for the analysis to take:
 * it costs some tens of milliseconds (the DAG is a few dozen arrays of numbers, which a collector moves
 * or marks without looking inside).
 */
final class LargeDagHeap {
    /** From this many nodes the reader's garbage is worth a collection (some 130 bytes a node). */
    static final int NODES = 500_000;

    private LargeDagHeap() {}

    /** After reading {@code rec}: collects the reader's garbage when its DAG is large. */
    static void afterReading(Recording rec) {
        if (rec.recordedDag().map(d -> d.nodes().size()).orElse(0) >= NODES) {
            System.gc();
        }
    }
}
