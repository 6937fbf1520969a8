package org.hcasim.dist.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * NVMe-oF error recovery under random link outages (docs/faults.md): a write job then a read-back of a `ram` target
 * with the link down at a random moment for a random time, random wire losses beside it, and a random
 * ctrl-loss-tmo. Every I/O completes exactly once (successes plus errors equal the job's I/Os); a controller that
 * reconnects loses no I/O and reads back what was written (the oracle sees nothing wrong); one that is removed fails
 * every I/O it still had, and only then does fio see errors. The same for iSER's session recovery (replacement_timeout)
 * and SRP's rport recovery (fast_io_fail_tmo).
 */
class LinkDownRecoveryPropertiesTest {

    @Property(tries = 12)
    void every_io_completes_once_and_only_a_removed_controller_fails_ios(
            @ForAll @IntRange(min = 0, max = 3000) int downAtUs,
            @ForAll @IntRange(min = 1, max = 40) int downForSeconds,
            @ForAll @IntRange(min = 0, max = 4) int ctrlLossTmoTens,
            @ForAll @IntRange(min = 0, max = 2000) int lossPpm,
            @ForAll @IntRange(min = 0, max = 2) int depthPower,
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed) throws IOException {
        int iodepth = 1 << (2 * depthPower);
        int bs = 4096;
        long size = 1L << 20;
        String testbed = String.format(Locale.ROOT, """
                testbed.target.backstore = ram
                testbed.target.namespace-size = 64m
                sim.seed = %d
                fault.wire.loss-rate = %.6f
                fault.link.down-at = %dus
                fault.link.down-for = %ds
                nvmeof.host.ctrl-loss-tmo = %ds
                """, seed, lossPpm / 1e6, downAtUs, downForSeconds, ctrlLossTmoTens * 10);
        WriteThenReadRun o = WriteThenReadRun.run(testbed, "nvmeof", "", bs, iodepth, size);
        String what = o.what();
        long errors = o.errors();
        JsonNode faults = o.faults();
        long removed = faults.path("not recovered").path("nvmeof controllers removed after ctrl-loss-tmo at initiator").asLong();
        long resets = faults.path("transport").path("nvmeof controller resets at initiator").asLong();
        long reconnects = faults.path("recovered").path("nvmeof controller reconnects at initiator").asLong();
        assertThat(faults.path("undetected").size()).as("nothing read back wrong\n%s\n%s", faults, what).isZero();
        assertThat(removed).as(what).isLessThanOrEqualTo(1);
        if (removed == 0) {
            assertThat(errors).as("a controller that reconnects loses no I/O\n%s\n%s", faults, what).isZero();
            assertThat(reconnects).as("every reset ends in a reconnect\n%s\n%s", faults, what).isEqualTo(resets);
        } else {
            assertThat(errors).as("the removed controller's I/Os fail\n%s\n%s", faults, what).isPositive();
            JsonNode notRecovered = faults.path("not recovered");
            assertThat(notRecovered.path("nvmeof I/Os failed after ctrl-loss-tmo at initiator").asLong()
                    + notRecovered.path("nvmeof I/Os failed after max-retries at initiator").asLong()
                    + notRecovered.path("nvmeof requeued I/Os that then failed at initiator").asLong())
                    .as("every error is one the account names\n%s\n%s", faults, what).isEqualTo(errors);
        }
    }

    @Property(tries = 16)
    void iser_and_srp_complete_every_io_once_and_fail_ios_only_after_their_timeout(
            @ForAll boolean iser,
            @ForAll @IntRange(min = 0, max = 3000) int downAtUs,
            @ForAll @IntRange(min = 1, max = 40) int downForSeconds,
            @ForAll @IntRange(min = 0, max = 4) int timeoutTens,
            @ForAll @IntRange(min = 0, max = 2000) int lossPpm,
            @ForAll @IntRange(min = 0, max = 2) int depthPower,
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed) throws IOException {
        int iodepth = 1 << (2 * depthPower);
        int bs = 4096;
        long size = 1L << 20;
        String ulp = iser ? "iser" : "srp";
        String timeout = iser ? "iser.initiator.replacement-timeout = " + timeoutTens * 10 + "s"
                : "srp.initiator.fast-io-fail-tmo = " + (5 + timeoutTens * 10) + "s";
        String testbed = String.format(Locale.ROOT, """
                testbed.target.backstore = ram
                testbed.target.namespace-size = 64m
                sim.seed = %d
                fault.wire.loss-rate = %.6f
                fault.link.down-at = %dus
                fault.link.down-for = %ds
                %s
                """, seed, lossPpm / 1e6, downAtUs, downForSeconds, timeout);
        WriteThenReadRun o = WriteThenReadRun.run(testbed, ulp, "filename=" + (iser ? "sda" : "sdb") + "\n", bs, iodepth, size);
        String what = o.what();
        long errors = o.errors();
        JsonNode faults = o.faults();
        JsonNode notRecovered = faults.path("not recovered");
        String at = " at initiator";
        long expired = iser ? notRecovered.path("iser sessions whose replacement_timeout expired" + at).asLong()
                : notRecovered.path("srp rports failed fast after fast_io_fail_tmo" + at).asLong();
        long failures = iser ? faults.path("transport").path("iser session recoveries" + at).asLong()
                : faults.path("transport").path("srp rport blocks" + at).asLong();
        long reconnects = iser ? faults.path("recovered").path("iser session relogins" + at).asLong()
                : faults.path("recovered").path("srp rport reconnects" + at).asLong();
        if (expired == 0) {
            assertThat(errors).as("recovered within the timeout: no I/O lost\n%s\n%s", faults, what).isZero();
            assertThat(reconnects).as("every failure ends in a reconnect\n%s\n%s", faults, what).isEqualTo(failures);
        } else {
            assertThat(errors).as("the timeout fails the I/Os that waited\n%s\n%s", faults, what).isPositive();
            long named = 0;
            for (String name : iser
                    ? new String[] {"iser I/Os failed after replacement_timeout", "iser I/Os failed after sd's retries",
                        "iser requeued I/Os that then failed"}
                    : new String[] {"srp I/Os failed after fast_io_fail_tmo", "srp I/Os failed after dev_loss_tmo",
                        "srp I/Os failed after sd's retries", "srp requeued I/Os that then failed"}) {
                named += notRecovered.path(name + at).asLong();
            }
            assertThat(named).as("every error is one the account names\n%s\n%s", faults, what).isEqualTo(errors);
        }
    }
}
