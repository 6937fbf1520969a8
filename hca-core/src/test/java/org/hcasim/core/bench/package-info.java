/**
 * JMH benchmarks of the simulation kernel (event loop, timelines). They compile with the tests but are not tests
 * and never run in {@code ./mvnw verify}; the JMH annotation processor that generates their harness runs only
 * with the Maven profile {@code jmh}, so ordinary builds do not pay for it.
 *
 * <p>Run them (JDK 25 via the toolchain) from the repository root:
 * <pre>
 * ./mvnw -B -q -o -Pjmh -pl hca-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *     -Dexec.args="-cp %classpath org.openjdk.jmh.Main org.hcasim.core.bench"
 * </pre>
 * Append JMH options inside {@code exec.args}, e.g. {@code -p pending=1000 -f 1 -wi 2 -i 3}. For a quick number
 * without JMH use {@code hcasim bench kernel}. If JMH reports that no benchmark matches, the test classes were
 * compiled earlier without the profile: touch a benchmark source (or clean hca-core) and run again.
 */
package org.hcasim.core.bench;
