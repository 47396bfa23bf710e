/**
 * The programs the forkscope papers measure, written as self-checking Java fork/join programs: the
 * workloads forkscope's recorder, analyses, tests, benchmarks and demo run. Read them like JMH's
 * samples: every class comment says what the program is, which paper it comes from, where it forks
 * and joins, roughly what parallelism to expect, and what n and the cut-off mean.
 *
 * <h2>Running</h2>
 * <pre>
 *   java -cp … io.forkscope.samples.SampleMain --list
 *   java -cp … io.forkscope.samples.SampleMain fib --n 40 --cutoff 15 --workers 4 --repeat 3
 *   java -cp … io.forkscope.samples.SampleMain quicksort --serial
 * </pre>
 * or in-process: {@code Samples.get("fib").run(new RunConfig(40, 15, false, 4, 3))}. Each
 * repetition prepares its input, runs the kernel inside {@code Forkscope.region(name)} (timed),
 * then checks the result (a wrong result is exit code 1).
 *
 * <h2>Parallel and serial</h2>
 * Parallel runs use a fresh {@code new ForkJoinPool(workers)}, started from the main thread with
 * {@code pool.invoke(…)} and shut down afterwards; no program touches the common pool.
 * {@code --serial} runs the <em>serial elision</em>: the same code with every fork replaced by a
 * plain call (each task carries a {@code serial} flag and calls its children's {@code compute()}
 * directly; a {@code ParallelFor} loop becomes a {@code for} loop) and no pool
 * at all — the T1' baseline of Delay Spotter and of the performance model.
 *
 * <h2>The suite</h2>
 * <ul>
 * <li>BOTS: alignment, fft, fib, floorplan, health, nqueens, sort (cilksort), sparselu, strassen,
 *     uts.</li>
 * <li>Cilk-5 / Cilkprof: heat, lu, matmul, cholesky, knapsack.</li>
 * <li>Case studies: quicksort (Cilkview Fig. 1 / Cilkprof Fig. 1), stencil3d-inner and
 *     stencil3d-outer (Cilkview §5), snippet-a and snippet-b (Cilkview Fig. 4), pbfs, steal-bench
 *     (Delay Spotter Fig. 4).</li>
 * </ul>
 *
 * <h2>Fork/join styles, so the recorder meets each of them</h2>
 * <ul>
 * <li>{@code fork(); compute(); join()} (LIFO): fib, quicksort, matmul (3 forks, 1 call, 3 joins),
 *     pbfs, health, uts.</li>
 * <li>{@code invokeAll(a, b)}: fft, heat, lu, snippet-a, snippet-b, sort's merges;
 *     {@code invokeAll(a, b, c, d)} / 7 tasks: sort, lu's Schur update, strassen.</li>
 * <li>{@code invokeAll(collection)}: nqueens, floorplan, cholesky.</li>
 * <li>Joins in non-LIFO order: alignment (forks one task per pair, joins them oldest first).</li>
 * <li>{@code CountedCompleter} (completion edges, no joins): sparselu (task-per-iteration loops),
 *     knapsack (recursive search), stencil3d-inner and stencil3d-outer (via ParallelFor).</li>
 * <li>A fork from a serial loop, one steal per iteration: snippet-b, steal-bench.</li>
 * </ul>
 *
 * <h2>Abstract work units</h2>
 * Only fib, quicksort, snippet-a and snippet-b call {@code Forkscope.work(units)}, once per strand
 * that does the work (see each class), so {@code --unit=abstract} recordings of them are exact and
 * machine-independent.
 */
package io.forkscope.samples;
