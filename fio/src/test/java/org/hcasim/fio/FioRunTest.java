package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.PiType;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.fio.loopback.LoopbackTestbed;
import org.junit.jupiter.api.Test;

/** The workload engine on the loopback block protocol: what jobs do, in simulated time. */
class FioRunTest {

    @Test
    void sizeLimitedRandomReadTouchesTheRegionOnce() {
        FioResults r = FioHarness.nullDevice().run("[rr]\nioengine=loopback\nrw=randread\nbs=4k\niodepth=8\nsize=1m\n");
        JobResult j = r.jobs.get(0);
        assertThat(j.error).isZero();
        assertThat(j.read.ios).isEqualTo(256);
        assertThat(j.read.bytes).isEqualTo(1L << 20);
        assertThat(j.write.ios).isZero();
        assertThat(j.issuedReads).isEqualTo(256);
    }

    @Test
    void randomMapVisitsEveryBlockExactlyOnce() {
        OffsetGenerator g = new OffsetGenerator(true, true, 1000 * 4096L, 4096, 0, new java.util.SplittableRandom(7));
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int i = 0; i < 1000; i++) assertThat(seen.add(g.next(4096))).isTrue();
        assertThat(seen).allMatch(o -> o % 4096 == 0 && o >= 0 && o < 1000 * 4096L);
        assertThat(g.passComplete()).isTrue();
    }

    @Test
    void timeBasedJobKeepsIodepthOutstandingSoLittlesLawHolds() {
        FioHarness slowDevice = new FioHarness(new LoopbackTestbed(4, 100_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0))));
        FioResults r = slowDevice.run("""
                [tb]
                ioengine=loopback
                rw=randread
                iodepth=16
                runtime=20ms
                time_based
                """);
        DirectionStats read = r.jobs.get(0).read;
        assertThat(read.runtimeNs).isBetween(20_000_000L, 20_200_000L);
        // I/Os in flight = IOPS x mean latency (Little's law); fio keeps iodepth of them in flight except
        // while its thread reaps and resubmits, a small share of a 200 us round trip
        double inFlight = read.iops() * read.lat.mean() / 1e9;
        assertThat(inFlight).isBetween(15.0, 16.0);
        assertThat(r.jobs.get(0).depthSubmits[JobResult.depthBucket(16)]).isGreaterThan(read.ios / 2);
    }

    @Test
    void rampTimeIsExcludedFromStatistics() {
        String job = "[j]\nioengine=loopback\nrw=read\niodepth=4\nruntime=10ms\ntime_based\n";
        JobResult plain = FioHarness.nullDevice().run(job).jobs.get(0);
        JobResult ramped = FioHarness.nullDevice().run(job + "ramp_time=5ms\n").jobs.get(0);
        assertThat(ramped.runtimeNs).isCloseTo(plain.runtimeNs, within(100_000L));
        assertThat(ramped.elapsedNs).isCloseTo(plain.elapsedNs + 5_000_000L, within(100_000L));
        assertThat((double) ramped.read.ios).isCloseTo(plain.read.ios, within(plain.read.ios * 0.02));
    }

    @Test
    void mixedJobSplitsByRwmixread() {
        JobResult j = FioHarness.nullDevice().run("[m]\nioengine=loopback\nrw=randrw\nrwmixread=70\niodepth=4\nsize=8m\n").jobs.get(0);
        double readShare = (double) j.read.ios / (j.read.ios + j.write.ios);
        assertThat(readShare).isCloseTo(0.70, within(0.03));
    }

    @Test
    void jobsRunOnTheirAllowedCpusAndChargeUsrAndSys() {
        FioHarness h = FioHarness.nullDevice();
        JobResult j = h.run("[c]\nioengine=loopback\ncpus_allowed=3\nrw=read\nsize=1m\n").jobs.get(0);
        assertThat(h.testbed.targetHost()).isNotNull();
        var host = (org.hcasim.core.host.SimHost) h.testbed.initiatorHost();
        assertThat(host.core(3).busyNs()).isGreaterThan(0);
        assertThat(host.core(2).busyNs()).isZero();
        assertThat(j.usrNs).isEqualTo(256 * LoopbackTestbed.COSTS.get("fio-io"));
        assertThat(j.sysNs).isGreaterThan(256 * (LoopbackTestbed.COSTS.get("block-submit") + 500));
    }

    @Test
    void stonewalledJobStartsAfterTheOthersFinish() {
        FioResults r = FioHarness.nullDevice().run("""
                [global]
                ioengine=loopback
                runtime=5ms
                time_based
                [first]
                [second]
                stonewall
                """);
        assertThat(r.jobs).extracting(x -> x.job.groupId()).containsExactly(0, 1);
        assertThat(r.simulatedNs).isGreaterThanOrEqualTo(10_000_000L);
    }

    @Test
    void writeThenVerifyReadsBackEveryBlock() {
        FioHarness h = FioHarness.ramDevice();
        for (String method : List.of("crc32c", "md5", "sha256", "pattern\nverify_pattern=0xdeadbeef")) {
            JobResult j = h.run("[v]\nioengine=loopback\nrw=randwrite\nbs=4k\niodepth=4\nsize=256k\nverify=" + method + "\n").jobs.get(0);
            assertThat(h.errors).as(method).isEmpty();
            assertThat(j.error).as(method).isZero();
            assertThat(j.write.ios).isEqualTo(64);
            assertThat(j.read.ios).as("verify phase reads").isEqualTo(64);
        }
    }

    @Test
    void mixedJobVerifiesWhatItWroteInItsVerifyPhase() {
        FioHarness h = FioHarness.ramDevice();
        JobResult j = h.run("[m]\nioengine=loopback\nrw=randrw\nbs=4k\niodepth=8\nsize=512k\nverify=md5\n").jobs.get(0);
        assertThat(h.errors).isEmpty();
        assertThat(j.error).isZero();
        assertThat(j.write.ios).isPositive();
        // 128 I/Os of 4k cover the 512k once (random map), each block read or written; then one verify
        // read per written block: reads = (128 - writes) + writes
        assertThat(j.read.ios).isEqualTo(128);
    }

    @Test
    void verifyCatchesCorruptedReadData() {
        FioHarness h = FioHarness.ramDevice();
        h.testbed.protocol.corruptReads(offset -> offset == 8192);
        JobResult j = h.run("[v]\nioengine=loopback\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\n").jobs.get(0);
        assertThat(j.error).isEqualTo(84);
        assertThat(h.errors).singleElement().asString()
                .startsWith("crc32c: verify failed at file lb0n1 offset 8192, length 4096 (requested block: offset=8192, length=4096, flags=0)")
                .contains("Expected CRC: ").contains("Received CRC: ");
    }

    @Test
    void patternVerifyReportsTheBadByte() {
        FioHarness h = FioHarness.ramDevice();
        h.run("[w]\nioengine=loopback\nrw=write\nsize=64k\nverify=pattern\nverify_pattern=0x5a\ndo_verify=0\n");
        h.testbed.protocol.corruptReads(offset -> offset == 4096);
        JobResult j = h.run("[r]\nioengine=loopback\nrw=read\nsize=64k\nverify=pattern\nverify_pattern=0x5a\n").jobs.get(0);
        assertThat(j.error).isEqualTo(84);
        assertThat(h.errors.get(0)).startsWith("fio: got pattern '4a', wanted '5a'. Bad bits 1")
                .contains("fio: bad pattern block offset 256")
                .contains("pattern: verify failed at file lb0n1 offset 4096");
    }

    @Test
    void readOfUnwrittenDataFailsVerifyWithBadMagic() {
        FioHarness h = FioHarness.ramDevice();
        JobResult j = h.run("[r]\nioengine=loopback\nrw=read\nsize=8k\nverify=md5\n").jobs.get(0);
        assertThat(j.error).isEqualTo(84);
        assertThat(h.errors.get(0)).isEqualTo(
                "verify: bad magic header 0, wanted acca at file lb0n1 offset 0, length 4096 (requested block: offset=0, length=4096)");
    }

    @Test
    void hostGeneratedPiIsCheckedOnReadAndCatchesCorruption() {
        FioHarness h = FioHarness.piDevice("512+8", PiType.TYPE1);
        String pi = "ioengine=loopback\npi_act=0\nmd_per_io_size=64\npi_chk=GUARD,REFTAG,APPTAG\nsize=64k\n";
        assertThat(h.run("[w]\nrw=write\n" + pi).jobs.get(0).error).isZero();
        assertThat(h.run("[r]\nrw=read\n" + pi).jobs.get(0).error).isZero();
        assertThat(h.errors).isEmpty();
        h.testbed.protocol.corruptReads(offset -> offset == 4096);
        JobResult bad = h.run("[r]\nrw=read\n" + pi).jobs.get(0);
        assertThat(bad.error).isEqualTo(84);
        assertThat(h.errors.get(0)).startsWith("fio: io_u error on file lb0n1: guard check failed at lba 8:");
    }

    @Test
    void devicePiCheckCatchesAWrongApplicationTag() {
        FioHarness h = FioHarness.piDevice("4096+8", PiType.TYPE3);
        h.run("[w]\nioengine=loopback\nrw=write\nsize=64k\napptag=0x1234\n");
        JobResult r = h.run("[r]\nioengine=loopback\nrw=read\nsize=64k\npi_chk=APPTAG\napptag=0x4321\n").jobs.get(0);
        assertThat(r.error).isEqualTo(84);
        assertThat(h.errors.get(0)).contains("application tag check failed at lba 0");
    }

    @Test
    void sameInputsGiveIdenticalOutput() {
        String job = "[d]\nioengine=loopback\nrw=randrw\niodepth=8\nruntime=3ms\ntime_based\n";
        assertThat(FioHarness.nullDevice().json(job)).isEqualTo(FioHarness.nullDevice().json(job));
    }

    @Test
    void jobErrorsNameTheJobAndTheProblem() {
        FioHarness h = FioHarness.nullDevice();
        assertThatThrownBy(() -> h.run("[a]\nrw=read\n")).hasMessageStartingWith("job 'a': ioengine=psync is a host I/O engine");
        assertThatThrownBy(() -> h.run("[a]\nioengine=libaio\n")).hasMessageContaining("ioengine=libaio is a host I/O engine");
        assertThatThrownBy(() -> h.run("[a]\nioengine=nvmeof\n")).hasMessageContaining("not available (available: loopback)");
        assertThatThrownBy(() -> h.run("[a]\nioengine=loopback\nfilename=/dev/sdz\n"))
                .hasMessage("job 'a': filename=/dev/sdz is not a device of ioengine loopback (devices: lb0n1)");
        assertThatThrownBy(() -> h.run("[a]\nioengine=loopback\ncpus_allowed=9\n"))
                .hasMessageContaining("cpus_allowed names CPU 9 but host 'initiator' has 4 cores (0-3)");
        assertThatThrownBy(() -> h.run("[a]\nioengine=loopback\nsize=1g\n")).hasMessageContaining("beyond the end of lb0n1");
        assertThatThrownBy(() -> h.run("[a]\nioengine=loopback\npi_chk=GUARD\n")).hasMessageContaining("without PI");
        FioHarness pi = FioHarness.piDevice("512+8", PiType.TYPE1);
        assertThatThrownBy(() -> pi.run("[a]\nioengine=loopback\npi_act=0\n")).hasMessageContaining("needs md_per_io_size >= 64");
    }

    @Test
    void lostCompletionsEndTheRunAfterTheIoTimeout() {
        FioHarness h = FioHarness.nullDevice();
        org.hcasim.block.BlockDevice blackHole = new org.hcasim.block.BlockDevice() {
            public String name() { return "bh0"; }
            public BlockFormat format() { return BlockFormat.B512; }
            public long capacityBlocks() { return 2048; }
            public void submit(org.hcasim.block.BlockRequest r, org.hcasim.block.BlockCompletionHandler done) { }
        };
        FioTestbed testbed = new FioTestbed() {
            public org.hcasim.core.sim.Simulation simulation() { return h.testbed.simulation(); }
            public org.hcasim.host.Host initiatorHost() { return h.testbed.initiatorHost(); }
            public List<org.hcasim.block.BlockDevice> devices(String ioengine) { return List.of(blackHole); }
        };
        assertThatThrownBy(() -> new FioRun(testbed, e -> { }).run(FioHarness.parse("[a]\nioengine=bh\niodepth=2\nsize=64k\n")))
                .hasMessage("no I/O completed for 60 s of simulated time (twice the kernel's I/O timeout; nothing left to simulate): "
                        + "job 'a' has 2 I/O(s) outstanding on bh0");
    }

    @Test
    void verifyNeedsRealPayload() {
        FioHarness h = new FioHarness(new LoopbackTestbed(2, 1_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.RAM, 1L << 20, BlockFormat.B512, 0)), PayloadMode.ELIDED));
        assertThatThrownBy(() -> h.run("[a]\nioengine=loopback\nrw=write\nverify=crc32c\n"))
                .hasMessageContaining("needs payload bytes");
    }
}
