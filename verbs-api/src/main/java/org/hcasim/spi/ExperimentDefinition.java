package org.hcasim.spi;

/** A named experiment reproducing a reference table. Grown by the experiments issue. */
public interface ExperimentDefinition {
    String name();

    String description();
}
