package io.forkscope.model;

/** A file that cannot be read as a recording; the message is one line for the user and names the file. */
public final class RecordingException extends Exception {
    private static final long serialVersionUID = 1L;

    public RecordingException(String message) {
        super(message);
    }

    public RecordingException(String message, Throwable cause) {
        super(message, cause);
    }
}
