package org.hcasim.dist.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hcasim.core.config.UserException;

/**
 * The files and directories a command writes after a long run ({@code --out}, {@code --trace}, {@code --output}),
 * checked before the run starts: a target that cannot be written is a one-line error at once, not a report lost
 * after the sweep. A write that still fails later (a full disk) is an error too, where it happens.
 */
public final class OutputTargets {
    private OutputTargets() {
    }

    /** {@code dir} exists or can be created, and this process can create files in it. */
    public static void directory(String option, Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserException(option + " " + dir + ": exists and is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserException(option + " " + dir + ": cannot create the directory: " + e.getMessage());
        }
        probe(option, dir, dir);
    }

    /** {@code file} can be written: not a directory, writable if it exists, else its directory takes new files. */
    public static void file(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new UserException(option + " " + file + ": is a directory, not a file");
        }
        if (Files.exists(file)) {
            if (!Files.isWritable(file)) {
                throw new UserException(option + " " + file + ": cannot be written (permission denied)");
            }
            return;
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UserException(option + " " + file + ": its directory " + parent + " does not exist");
        }
        probe(option, file, parent);
    }

    private static void probe(String option, Path target, Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, ".hcasim-", ".probe"));
        } catch (IOException e) {
            throw new UserException(option + " " + target + ": cannot write into " + dir + " (" + e.getMessage() + ")");
        }
    }
}
