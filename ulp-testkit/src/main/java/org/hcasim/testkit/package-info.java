/**
 * The contract every ULP plugin meets, as a JUnit 5 suite its own test class extends (the shape of Trino's
 * {@code BaseConnectorTest}): {@link org.hcasim.testkit.BaseUlpPluginTest}. A plugin declares what it supports
 * ({@link org.hcasim.testkit.UlpCapability}); the suite checks the services file, the documented defaults, the
 * policies it contributes, and for block plugins a short fio job over its block roles (written and verified byte for
 * byte), that every key it defines is read, and that bad values are one-line errors.
 */
package org.hcasim.testkit;
