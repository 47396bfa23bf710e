package io.forkscope.model.sites;

/**
 * What happens at a call site (docs/cilkprof-design.md): an ordinary {@link #CALL} of a method (the
 * invocation lasts until it returns), a {@link #FORK} of a task ({@code fork}, {@code submit},
 * {@code execute}: the invocation is the task's body, until its join), or a {@link #LAMBDA} body
 * invoked from library code (a parallel stream's function), attributed to where the lambda is
 * written.
 */
public enum SiteKind {
    CALL, FORK, LAMBDA
}
