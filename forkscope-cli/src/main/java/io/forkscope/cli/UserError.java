package io.forkscope.cli;

/** A mistake in what the user asked or gave: printed as one line, exit code 2, no stack trace. */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }
}
