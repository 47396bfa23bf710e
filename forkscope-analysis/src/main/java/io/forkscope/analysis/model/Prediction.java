package io.forkscope.analysis.model;

/**
 * time(n, p) and its components as {@link PerformanceModel} predicts them (measures.md §7), with
 * both no-work models: the paper's Eq. 15 ({@code noWork}, {@code time}) and {@link SpanNoWork}
 * ({@code span}, {@code noWorkSpan}, {@code timeSpan}).
 * time = (work + delay + noWork) / p (Eq. 9); timeSpan = (work + delay + noWorkSpan) / p.
 */
public record Prediction(double n, int p, double serialWork, double work, double createTask, double waitTasks,
                         double delay, double noWork, double time, double span, double noWorkSpan, double timeSpan) {
}
