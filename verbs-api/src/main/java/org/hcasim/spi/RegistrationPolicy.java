package org.hcasim.spi;

/**
 * How a ULP registers the memory of an I/O (e.g. register on every I/O, use the global key for
 * single-segment I/O, prefer MTT over KLM for integrity MRs). Chosen by configuration by name.
 */
public interface RegistrationPolicy {
    String description();
}
