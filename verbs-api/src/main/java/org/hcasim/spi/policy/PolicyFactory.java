package org.hcasim.spi.policy;

/**
 * Creates the policy of one kind for a role (the shape of Trino's {@code ConnectorFactory}). A factory is
 * shared by every testbed and by experiment points running in parallel, so it is immutable and thread-safe;
 * the policy it creates belongs to one role of one simulation (one thread) and may keep state.
 *
 * @param <P> the policy type
 */
public interface PolicyFactory<P> {

    /** The name configuration uses: kebab-case, unique among the policies of its kind (built in and plugins). */
    String name();

    /** One line for {@code hcasim ulps} and {@code hcasim config --doc}. */
    String description();

    /**
     * Creates the policy for the role {@code context.role()}; reads the settings it needs from
     * {@code context.config()}. A bad setting is an {@link org.hcasim.spi.InvalidSettingException}.
     */
    P create(PolicyContext context);
}
