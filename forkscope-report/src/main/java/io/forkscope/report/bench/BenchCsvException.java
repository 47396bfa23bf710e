package io.forkscope.report.bench;

/** A bench CSV that cannot be read; the message is one line for the user and names the file and line. */
public final class BenchCsvException extends Exception {
    private static final long serialVersionUID = 1L;

    public BenchCsvException(String message) {
        super(message);
    }
}
