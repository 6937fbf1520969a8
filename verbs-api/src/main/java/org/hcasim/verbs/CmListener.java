package org.hcasim.verbs;

/** A listening service id; close it to stop accepting. */
public interface CmListener {
    long serviceId();

    void close();
}
