package io.forkscope.model.contexts;

/**
 * What a worker thread is doing (issue 12 §2). A thread that holds a task is WORKING (running the
 * task's code) or in RUNTIME (pool code on behalf of that task: pushing a fork, joining, helping's
 * bookkeeping, signalling); a thread that holds no task (scanning, stealing, parking) is IDLE, as in
 * the paper, where a core counts as working only while it holds a unit of work.
 */
public enum WorkerState {
    WORKING, RUNTIME, IDLE
}
