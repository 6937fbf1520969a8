/**
 * HCA and host profiles: properties files under {@code org/hcasim/core/profile/{hca,host}/}, every constant
 * commented with its source. {@link org.hcasim.core.profile.Profiles#hca(String)} and
 * {@link org.hcasim.core.profile.Profiles#host(String)} load a bundled profile by name (unknown names are an error
 * listing the known ones). For configuration layering, take the raw keys with {@code Profiles.hcaValues(name)} /
 * {@code hostValues(name)} ({@code hca.*} / {@code host.*}), apply overrides, and build with
 * {@link org.hcasim.core.profile.HcaProfile#fromValues} / {@link org.hcasim.core.profile.HostProfile#fromValues},
 * which reject missing, malformed and unknown keys.
 */
package org.hcasim.core.profile;
