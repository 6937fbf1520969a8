/**
 * JMH benchmarks of the NVMe-oF plugin's per-I/O work (capsule encoding). Not tests: the harness is generated
 * only with the Maven profile {@code jmh}, as in hca-core (see {@code docs/kernel.md} for the commands; use
 * {@code -pl verbs-api,hca-core,ulp-nvmeof} and the class path of ulp-nvmeof).
 */
package org.hcasim.ulp.nvmeof.bench;
