package org.hcasim.dist.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.hcasim.dist.CliRun;

/**
 * Soak with faults (docs/faults.md): random fio job mixes (ULP: NVMe-oF, iSER or SRP; block size, queue depth) on a
 * target that keeps its data, with end-to-end T10-PI for NVMe-oF and iSER (SRP carries none, so it gets no flips),
 * under random wire losses and bit errors and random bit flips in the backstore, in host memory after PI was generated
 * and in DMA reads, and rds-stress runs (a few: each simulates a second of message traffic) under random wire faults too. Every block
 * written is read back once, so every flip lands in data some PI check sees. The invariants:
 * <ul>
 *   <li>every I/O completes exactly once, with success or an error fio reports: per job the successful I/Os and the
 *       errors add up to the I/Os the job has (a lost completion would stall the run, a duplicated one exceed it);</li>
 *   <li>RC recovers every wire fault: nothing "not recovered", and without data flips no I/O fails at all;</li>
 *   <li>every injected corruption in PI-protected data is detected: the oracle counts no block read back wrong
 *       but those flipped where no PI covered them yet (iSER's initiator generates the PI in its HCA, after the
 *       flip), and a run with flips reports errors, one without none.</li>
 * </ul>
 * The verbs-level counterpart (random RDMA traffic under wire faults, memory outside successful writes unchanged)
 * is hca-core's RandomTrafficPropertiesTest.
 */
class FaultSoakPropertiesTest {

    @org.junit.jupiter.api.Test
    void rc_giving_up_on_a_qp_is_recovered_by_the_nvme_host() throws IOException {
        // a case jqwik drew: 64 KiB writes at depth 1 under 0.34 % loss ran one QP's retries out (RETRY_EXC_ERR);
        // the controller reset, reconnected and completed the requeued I/O, and the backstore's two flips were caught
        every_io_completes_once_and_every_flip_in_pi_protected_data_is_caught(0, 2, 0, 3429, 19, 1, 214, 32);
    }

    @Property(tries = 30)
    void every_io_completes_once_and_every_flip_in_pi_protected_data_is_caught(
            @ForAll @IntRange(min = 0, max = 2) int ulp,
            @ForAll @IntRange(min = 0, max = 2) int bsPower,
            @ForAll @IntRange(min = 0, max = 2) int depthPower,
            @ForAll @IntRange(min = 0, max = 4000) int lossPpm,
            @ForAll @IntRange(min = 0, max = 20) int bitErrorsPer1e8Bits,
            @ForAll @IntRange(min = 0, max = 3) int flipMask,
            @ForAll @IntRange(min = 0, max = 10_000) int flipPpm,
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed) throws IOException {
        boolean iser = ulp == 1;
        boolean srp = ulp == 2;
        if (srp) flipMask = 0; // SRP carries no PI: a flip would be undetected by design, not by a bug
        double lossRate = lossPpm / 1e6;
        double bitErrorRate = bitErrorsPer1e8Bits / 1e8;
        double flipRate = flipPpm / 1e6;
        int bs = 4096 << (2 * bsPower); // 4k, 16k, 64k
        int iodepth = 1 << (2 * depthPower); // 1, 4, 16
        long size = 1L << 20;
        StringBuilder testbed = new StringBuilder("""
                testbed.initiator.cores = 2
                testbed.target.cores = 2
                testbed.target.backstore = ram
                testbed.target.namespace-size = 64m
                testbed.target.format = 512+8
                testbed.target.pi = type1
                """);
        if (iser) {
            testbed.append("""
                    iser.initiator.pi-enable = true
                    iser.target.t10-pi = true
                    iser.initiator.write-generate = true
                    iser.initiator.read-verify = true
                    """);
        }
        double backstoreFlips = (flipMask & 1) != 0 ? flipRate : 0;
        double memoryFlips = (flipMask & 2) != 0 ? flipRate : 0;
        double dmaFlips = flipMask == 3 ? flipRate : 0;
        testbed.append(String.format(Locale.ROOT, """
                sim.seed = %d
                fault.wire.loss-rate = %.6f
                fault.wire.bit-error-rate = %.3e
                fault.backstore.flip-rate = %.6f
                fault.memory.flip-rate = %.6f
                fault.dma.flip-rate = %.6f
                """, seed, lossRate, bitErrorRate, backstoreFlips, memoryFlips, dmaFlips));
        String pi = iser || srp ? "" : "pi_act=0\npi_chk=GUARD,REFTAG\nmd_per_io_size=" + (bs / 512 * 8) + "\n";
        if (srp) { // no PI on an SRP disk
            testbed = new StringBuilder(testbed.toString().replace("testbed.target.format = 512+8\ntestbed.target.pi = type1\n", ""));
        }
        WriteThenReadRun run = WriteThenReadRun.run(testbed.toString(), iser ? "iser" : srp ? "srp" : "nvmeof", pi, bs,
                iodepth, size);
        String what = run.what();
        long errors = run.errors();
        for (JsonNode j : run.report().get("jobs")) {
            assertThat(j.get("error").asInt()).as(what).isZero();
        }
        JsonNode faults = run.faults();
        // RC may give up on a QP (RETRY_EXC_ERR) when the losses hit one message's retries in a row, as on real
        // fabrics; then each ULP's own recovery reconnects and sends the requeued I/Os again (NVMe-oF: reset and
        // reconnect; iSER: session recovery and relogin; SRP: rport reconnect): nothing else may be left unrecovered
        JsonNode notRecovered = faults.path("not recovered");
        long rcGaveUp = notRecovered.path("RETRY_EXC_ERR completions").asLong();
        for (Iterator<String> it = notRecovered.fieldNames(); it.hasNext(); ) {
            assertThat(it.next()).as("only RC giving up goes unrecovered\n%s", faults)
                    .isIn("RETRY_EXC_ERR completions", "packets lost or corrupted, of work that then failed");
        }
        if (rcGaveUp > 0) {
            String name = iser ? "iser" : srp ? "srp" : "nvmeof";
            String reconnects = iser ? "iser session relogins" : srp ? "srp rport reconnects" : "nvmeof controller reconnects";
            JsonNode recovered = faults.path("recovered");
            assertThat(recovered.path(reconnects + " at initiator").asLong())
                    .as("the host reconnects after RC gave up\n%s", faults).isPositive();
            assertThat(recovered.path(name + " requeued I/Os that then completed at initiator").asLong())
                    .as("every requeued I/O completes\n%s", faults)
                    .isEqualTo(faults.path("transport").path(name + " I/Os requeued at initiator").asLong());
        }
        long injectedFlips = 0;
        long unprotectedFlips = 0;
        for (Iterator<String> it = faults.path("injected").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!name.contains("bit flips")) continue;
            long n = faults.get("injected").get(name).asLong();
            injectedFlips += n;
            // iSER's initiator HCA generates a write's PI as it DMA-reads the buffer (write-generate): a flip in that
            // buffer or that DMA precedes the PI, which then covers the flipped data; only NVMe-oF with pi_act=0 has
            // the PI in the initiator's memory before the write is submitted
            if (iser && name.contains(" at initiator")) unprotectedFlips += n;
        }
        long undetected = faults.path("undetected").path("blocks read back wrong (oracle)").asLong();
        assertThat(undetected).as("PI catches every flip in PI-protected data\n%s\n%s", faults, what)
                .isLessThanOrEqualTo(unprotectedFlips);
        assertThat(faults.path("undetected").size()).as("the oracle's is the only undetected count\n%s", faults)
                .isLessThanOrEqualTo(1);
        if (injectedFlips == unprotectedFlips && undetected == unprotectedFlips) {
            // nothing a check could see: flips only where no PI covered them yet (at most one error, a flip after it)
            assertThat(errors).as(what).isLessThanOrEqualTo(injectedFlips);
        } else if (injectedFlips == 0) {
            assertThat(errors).as("no flip, no error\n%s\n%s", faults, what).isZero();
        } else {
            assertThat(errors).as("%d flips, each in data a PI check sees\n%s\n%s", injectedFlips, faults, what).isPositive();
        }
    }

    /**
     * rds-stress with message verification under random wire faults: RC hides every loss and corruption, so every
     * message delivered passes -v's pattern check and the run ends cleanly; or, when RC gave up on a connection, the
     * run says so on one line (RDS reconnection is not modelled) instead of hanging or reporting garbage.
     */
    @Property(tries = 3)
    void rds_stress_under_wire_faults_delivers_intact_messages_or_says_which_connection_was_lost(
            @ForAll @IntRange(min = 0, max = 4000) int lossPpm,
            @ForAll @IntRange(min = 0, max = 20) int bitErrorsPer1e8Bits,
            @ForAll @IntRange(min = 1, max = 2) int tasks,
            @ForAll @IntRange(min = 1, max = 2) int depth,
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        rdsStressUnderTheSameWireFaults(seed, lossPpm / 1e6, bitErrorsPer1e8Bits / 1e8, tasks, depth);
    }

    private static void rdsStressUnderTheSameWireFaults(long seed, double lossRate, double bitErrorRate, int tasks, int depth) {
        CliRun r = hcasim("rds-stress", "-T", "1", "-v", "-t", Integer.toString(tasks), "-d", Integer.toString(depth),
                "--set", "sim.seed=" + seed, "--set", String.format(Locale.ROOT, "fault.wire.loss-rate=%.6f", lossRate),
                "--set", String.format(Locale.ROOT, "fault.wire.bit-error-rate=%.3e", bitErrorRate));
        String what = "rds-stress seed " + seed + " loss " + lossRate + " ber " + bitErrorRate + "\n" + r.out() + r.err();
        if (r.exit() == 0) {
            assertThat(r.err()).as(what).isEmpty();
            assertThat(r.out()).as(what).contains("(average)");
        } else {
            assertThat(r.exit()).as(what).isEqualTo(1);
            assertThat(r.err().lines().toList()).as(what).hasSize(1);
            assertThat(r.err()).as(what).contains("lost at").contains("not modelled");
        }
    }
}
