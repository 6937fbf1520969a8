/**
 * Typed settings for the engine and for plugins: one grammar for every configuration value
 * ({@link org.hcasim.spi.settings.SettingGrammar}), a reader with a plugin's documented defaults behind the
 * effective configuration ({@link org.hcasim.spi.settings.Settings}), and binding of a record whose components
 * name their keys ({@link org.hcasim.spi.settings.Setting}), in the manner of airlift's config classes: one typed
 * setting per key, its default and documentation in the defaults file, its range next to its type.
 */
package org.hcasim.spi.settings;
