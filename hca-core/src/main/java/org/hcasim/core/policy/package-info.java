/**
 * The engine's side of the policy SPI ({@link org.hcasim.spi.policy}): the built-in policies (ordinary
 * implementations of the same interfaces a plugin implements), the catalogue of every installed policy
 * factory, and the per-testbed {@link org.hcasim.spi.policy.PolicyRegistry} that creates a role's policies from
 * configuration and records which are in force.
 */
package org.hcasim.core.policy;
