package org.hcasim.core.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the small text files a user names (testbed and job files) with a bound, so that naming a device
 * ({@code /dev/zero}), a FIFO or a huge file is a one-line error instead of a hang or an out-of-memory.
 */
public final class TextFiles {
    private TextFiles() { }

    /** The largest file read: far above any real testbed or job file. */
    public static final int MAX_BYTES = 1 << 20;

    /** The UTF-8 text of {@code file}; {@code what} names it in errors (e.g. {@code "job file"}). */
    public static String read(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new UserException(what + " " + file + " is a directory, not a file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new UserException(what + " " + file + " is not a regular file (a device, socket or pipe)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new UserException(what + " " + file + " is larger than " + (MAX_BYTES >> 20) + " MiB: not a "
                        + what + "?");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserException(what + " " + file + " does not exist");
        } catch (IOException e) {
            throw new UserException("cannot read " + what + " " + file + ": " + e.getMessage());
        }
    }
}
