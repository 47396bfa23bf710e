package io.forkscope.analysis.model;

/**
 * One training run of the performance model (measures.md §7): a DAG recording at problem size n
 * on p workers, with the DAG statistics of §6 and the serial work of the same n. Times in any one
 * unit (forkscope's are nanoseconds; worker-time for work, delay and no-work), counts as counts.
 *
 * @param n          the problem size (the program's own parameter; fitted in 2ⁿ for exponential programs)
 * @param p          worker slots (measures.md §2: the one P)
 * @param serialWork T1'(n), the work of a serial (or 1-worker) run of the same n
 * @param work       T1(n, p), the work of this run
 * @param createTask create_task(n): tasks created
 * @param waitTasks  wait_tasks(n): waits on tasks
 * @param delay      delay(n, p)
 * @param noWork     no_work(n, p)
 * @param elapsed    time(n, p), the run's elapsed time
 * @param span       T∞(n, p), the run's critical path (used by {@link SpanNoWork} only)
 */
public record TrainingRun(double n, int p, double serialWork, double work, double createTask, double waitTasks,
                          double delay, double noWork, double elapsed, double span) {
    public TrainingRun {
        if (p < 1) {
            throw new IllegalArgumentException("p must be at least 1: " + p);
        }
        double[] values = {n, serialWork, work, createTask, waitTasks, delay, noWork, elapsed, span};
        for (double v : values) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("run (n " + n + ", p " + p + "): values must be finite and non-negative");
            }
        }
    }
}
