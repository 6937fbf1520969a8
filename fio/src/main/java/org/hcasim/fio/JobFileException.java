package org.hcasim.fio;

import org.hcasim.core.config.UserException;

/** A job file error, located: {@code "file:line: message"}. */
public final class JobFileException extends UserException {
    private static final long serialVersionUID = 1L;

    public JobFileException(String file, int line, String message) {
        super(file + ":" + line + ": " + message);
    }

    public JobFileException(String message) {
        super(message);
    }
}
