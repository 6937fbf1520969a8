/**
 * What the {@code hcasim} subcommands share: the {@link org.hcasim.dist.cli.support.Installation}
 * (distribution home, plugins, site configuration) and the {@link org.hcasim.dist.cli.support.ConfigOptions}
 * mixin ({@code --set}, {@code --testbed}). Kept apart from {@code org.hcasim.dist.cli}, which knows every
 * subcommand, so that subcommand packages can use these without a package cycle.
 */
package org.hcasim.dist.cli.support;
