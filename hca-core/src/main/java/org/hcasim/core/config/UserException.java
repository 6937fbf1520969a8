package org.hcasim.core.config;

/**
 * An error caused by what the user gave us (a configuration key, a job file, a command-line option),
 * not by a bug. Its message is shown to the user as one line, without a stack trace, so it must say
 * what is wrong and where (file and line, key and source layer, option name).
 *
 * <p>Every user-facing error of hcasim extends this class; anything else reaching the command line
 * is reported as an internal error.
 */
public class UserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserException(String message) {
        super(message);
    }

    public UserException(String message, Throwable cause) {
        super(message, cause);
    }
}
