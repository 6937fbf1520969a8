package org.hcasim.block;

/**
 * A ram backstore would keep more written blocks than its share of the Java heap allows. The run asked for more
 * than this JVM can hold (a configuration matter, not a bug): hcasim reports it as one line with the user-error exit
 * code, naming the way out.
 */
public final class BackstoreFullException extends RuntimeException {
    public BackstoreFullException(String message) {
        super(message);
    }
}
