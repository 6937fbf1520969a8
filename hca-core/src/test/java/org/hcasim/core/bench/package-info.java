/**
 * JMH benchmarks of the simulation kernel (event loop, timelines). They are compiled with the tests (the JMH
 * annotation processor runs on test sources only) but are not tests and never run in {@code ./mvnw verify}.
 *
 * <p>Run them (JDK 25 via the toolchain) from the repository root:
 * <pre>
 * ./mvnw -B -q -o -pl hca-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-cp %classpath org.openjdk.jmh.Main org.hcasim.core.bench"
 * </pre>
 * Append JMH options inside {@code exec.args}, e.g. {@code -p pending=1000 -f 1 -wi 2 -i 3}. For a quick number
 * without JMH use {@code hcasim bench kernel}.
 */
package org.hcasim.core.bench;
