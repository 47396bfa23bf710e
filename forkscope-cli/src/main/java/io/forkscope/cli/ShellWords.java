package io.forkscope.cli;

import java.nio.file.Path;
import java.util.regex.Pattern;

/** A word as a POSIX shell reads it back, for the commands forkscope suggests: paths with spaces quoted. */
final class ShellWords {
    /** Characters a shell takes literally outside quotes. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private ShellWords() {}

    /** @return {@code word} as is when a shell reads it literally, else single-quoted ({@code '} as {@code '\''}) */
    static String quote(String word) {
        if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    static String quote(Path path) {
        return quote(path.toString());
    }
}
