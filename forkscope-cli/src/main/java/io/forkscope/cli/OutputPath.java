package io.forkscope.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a command may write, checked before it reads, runs or measures anything, so that a bad
 * path costs the user one line instead of a run: the file's directory exists (forkscope creates
 * no directory the user did not name) and takes new files, the file is not a directory, and a
 * file that exists is overwritten only with --force. Whether a directory takes files is tried,
 * not guessed from its permission bits (which root ignores and /proc does not honour): a probe
 * file is created in it and deleted at once.
 */
final class OutputPath {
    private OutputPath() {}

    /**
     * @param option the option that named the file, for the message ("-o", "--chrome")
     * @return the file's absolute path, checked for writing
     */
    static Path file(Path file, boolean force, String option) {
        Path out = file.toAbsolutePath();
        if (Files.isDirectory(out)) {
            throw new UserError(out + ": is a directory; give a file name with " + option);
        }
        if (Files.exists(out)) {
            if (!force) {
                throw new UserError(out + ": exists; use --force to overwrite it or choose another name with " + option);
            }
            try (FileChannel c = FileChannel.open(out, StandardOpenOption.WRITE)) {
                // opened without truncating: the file stays as it is until the command writes it
            } catch (IOException e) {
                throw new UserError(out + ": cannot be overwritten (" + reason(e) + "); choose another name with "
                        + option);
            }
        }
        takesFiles(out.getParent(), out, "choose another name with " + option,
                "forkscope creates no directory: create it or choose another name with " + option);
        return out;
    }

    /**
     * A directory the command writes files into ({@code --gnuplot DIR}): DIR itself may be missing,
     * the command creates it, but its parent must exist.
     *
     * @param files files the command will write into DIR, which must not exist without --force
     * @return the directory's absolute path, checked for writing
     */
    static Path directory(Path dir, String option, boolean force, String... files) {
        Path d = dir.toAbsolutePath();
        if (Files.isDirectory(d)) {
            for (String f : files) {
                if (!force && Files.exists(d.resolve(f))) {
                    throw new UserError(d.resolve(f) + ": exists; use --force to overwrite it or choose another "
                            + option + " DIR");
                }
            }
            takesFiles(d, d, "choose another " + option + " DIR", null);
            return d;
        }
        if (Files.exists(d)) {
            throw new UserError(d + ": is not a directory; give a directory with " + option);
        }
        takesFiles(d.getParent(), d, "choose another " + option + " DIR", "forkscope creates " + d.getFileName()
                + " but not its parents: create them or choose another " + option + " DIR");
        return d;
    }

    /**
     * forkscope's own cache directory, which it creates with its missing parents: the nearest of
     * them that exists must take files.
     */
    static void cacheDirectory(Path dir, String advice) {
        Path d = dir.toAbsolutePath();
        Path existing = d;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new UserError(d + ": cannot create the cache directory; " + advice);
        }
        takesFiles(existing, d, advice, advice);
    }

    /**
     * Checks that {@code dir} is a directory that takes new files; the message names {@code file}
     * and ends with {@code advice}, or with {@code ifMissing} when {@code dir} does not exist.
     */
    private static void takesFiles(Path dir, Path file, String advice, String ifMissing) {
        if (!Files.isDirectory(dir)) {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing != null && !Files.isDirectory(existing)) {
                throw new UserError(file + ": " + existing + " is not a directory; " + advice);
            }
            throw new UserError(file + ": no directory " + dir + "; " + ifMissing);
        }
        try {
            Files.delete(Files.createTempFile(dir, ".forkscope-", ".probe"));
        } catch (NoSuchFileException e) {
            // /proc and the like answer ENOENT to a file they do not offer
            throw new UserError(file + ": cannot write in " + dir + " (it takes no new files); " + advice);
        } catch (IOException e) {
            throw new UserError(file + ": cannot write in " + dir + " (" + reason(e) + "); " + advice);
        }
    }

    /**
     * @return why an I/O operation on a file failed, in a few words ("permission denied",
     *     "Read-only file system"), without the file's name, which the message gives already
     */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "input/output error";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
