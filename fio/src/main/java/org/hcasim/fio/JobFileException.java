package org.hcasim.fio;

import org.hcasim.core.config.UserException;

/** A job file error, located: {@code "file:line: message"} ({@code "source: message"} without a line). */
public final class JobFileException extends UserException {
    private static final long serialVersionUID = 1L;

    /** {@code line} 0 for a source without lines (an option given on a command line). */
    public JobFileException(String file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }

    public JobFileException(String message) {
        super(message);
    }
}
