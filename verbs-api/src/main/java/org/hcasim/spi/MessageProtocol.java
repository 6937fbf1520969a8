package org.hcasim.spi;

/** A messaging protocol's endpoints (RDS). Grown by the RDS plugin's issue. */
public interface MessageProtocol {
    String description();
}
