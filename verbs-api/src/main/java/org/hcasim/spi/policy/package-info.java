/**
 * The policy SPI: the decisions a protocol plugin's roles delegate to a named, replaceable policy.
 *
 * <p>Each kind ({@link org.hcasim.spi.policy.PolicyKind}) is a factory ({@link org.hcasim.spi.policy.PolicyFactory},
 * in the shape of Trino's {@code ConnectorFactory}) that creates the policy for one role from its settings. The
 * engine ships built-in factories; a plugin contributes more through
 * {@link org.hcasim.spi.UlpProvider#registrationPolicies()}, {@code cqPolicies()} and {@code srqPolicies()}. A role
 * picks one by name with a configuration key of its own ({@code nvmeof.host.registration-policy},
 * {@code nvmeof.host.cq-policy}, {@code nvmeof.target.srq-policy}) through the {@link org.hcasim.spi.policy.PolicyRegistry}
 * its context gives it, and calls the policy at a fixed decision point:
 * <ul>
 *   <li><b>registration</b>: when an I/O's memory must be made reachable by the peer (the PD's global key, a
 *       fast-registration MR from a pool, an integrity MR and the order of mappings it may try);</li>
 *   <li><b>CQ</b>: when the role creates a CQ (poll context, budget, moderation) and after every polling pass
 *       (an adaptive moderator);</li>
 *   <li><b>SRQ</b>: when a target port is set up and when a QP is created on it (its own receive queue, the
 *       device's SRQ, or one SRQ of a pool per completion vector), with the receive-buffer memory it commits.</li>
 * </ul>
 * Built-in policies are ordinary implementations of these interfaces.
 */
package org.hcasim.spi.policy;
