package org.hcasim.spi;

/** How a ULP moderates its completion queues (fixed moderation, DIM, ...). Chosen by configuration by name. */
public interface CqPolicy {
    String description();
}
