package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Job files as fio reads them, including the examples of fio's HOWTO. */
class JobFileParserTest {

    private static List<FioJob> jobs(String text) {
        return FioHarness.parse(text).jobs();
    }

    @Test
    void howtoExampleTwoJobsShareTheGlobalSection() {
        List<FioJob> jobs = jobs("""
                ; -- start job file --
                [global]
                rw=randread
                size=128m

                [job1]

                [job2]

                ; -- end job file --
                """);
        assertThat(jobs).extracting(FioJob::name).containsExactly("job1", "job2");
        assertThat(jobs).allSatisfy(j -> {
            assertThat(j.rw()).isEqualTo(RwPattern.RANDREAD);
            assertThat(j.size()).isEqualTo(128L << 20);
            assertThat(j.bsRead()).isEqualTo(4096);
            assertThat(j.iodepth()).isEqualTo(1);
        });
        assertThat(FioHarness.parse("[global]\nrw=randread\nsize=128m\n[job1]\n").globalOptions())
                .containsEntry("rw", "randread").containsEntry("size", "128m");
    }

    @Test
    void howtoExampleFourRandomWritersAreClonedByNumjobs() {
        List<FioJob> jobs = jobs("""
                ; -- start job file --
                [random-writers]
                ioengine=libaio
                iodepth=4
                rw=randwrite
                bs=32k
                direct=0
                size=64m
                numjobs=4
                ; -- end job file --
                """);
        assertThat(jobs).hasSize(4).extracting(FioJob::name).containsOnly("random-writers");
        assertThat(jobs).extracting(FioJob::jobNumber).containsExactly(0, 1, 2, 3);
        FioJob j = jobs.get(0);
        assertThat(j.ioengine()).isEqualTo("libaio");
        assertThat(j.iodepth()).isEqualTo(4);
        assertThat(j.rw()).isEqualTo(RwPattern.RANDWRITE);
        assertThat(j.bsWrite()).isEqualTo(32 * 1024);
        assertThat(j.direct()).isFalse();
        assertThat(j.size()).isEqualTo(64L << 20);
        assertThat(j.jobOptions()).containsEntry("numjobs", "4").containsEntry("bs", "32k");
    }

    @Test
    void howtoExampleMixedReadWriteWithPerDirectionBlockSizes() {
        FioJob j = jobs("""
                [global]
                ioengine=nvmeof
                [mixed]
                rw=randrw
                rwmixwrite=30
                bs=4k,64k
                """).get(0);
        assertThat(j.rw()).isEqualTo(RwPattern.RANDRW);
        assertThat(j.rwmixread()).isEqualTo(70);
        assertThat(j.bsRead()).isEqualTo(4096);
        assertThat(j.bsWrite()).isEqualTo(65536);
        assertThat(jobs("[a]\nbs=,8k\n").get(0)).satisfies(a -> {
            assertThat(a.bsRead()).isEqualTo(4096);
            assertThat(a.bsWrite()).isEqualTo(8192);
        });
    }

    @Test
    void laterGlobalSectionsOverrideForTheJobsAfterThem() {
        List<FioJob> jobs = jobs("""
                [global]
                bs=4k
                iodepth=16
                [first]
                [global]
                bs=8k
                [second]
                iodepth=2
                """);
        assertThat(jobs.get(0).bsRead()).isEqualTo(4096);
        assertThat(jobs.get(0).iodepth()).isEqualTo(16);
        assertThat(jobs.get(1).bsRead()).isEqualTo(8192);
        assertThat(jobs.get(1).iodepth()).isEqualTo(2);
        assertThat(jobs.get(1).jobOptions()).containsOnlyKeys("iodepth");
    }

    @Test
    void rwOffsetModifierIsAGapForSequentialAndACountForRandom() {
        assertThat(jobs("[a]\nrw=write:4k\n").get(0).rwModifier()).isEqualTo(4096);
        assertThat(jobs("[a]\nrw=randread:8\n").get(0).rwModifier()).isEqualTo(8);
        assertThat(jobs("[a]\nreadwrite=readwrite\n").get(0).rw()).isEqualTo(RwPattern.RW);
    }

    @Test
    void valuesUseFioUnits() {
        FioJob j = jobs("""
                [t]
                runtime=2m
                ramp_time=500ms
                time_based
                size=1g
                offset=10%
                cpus_allowed=0-2,5
                cpus_allowed_policy=split
                group_reporting
                norandommap
                randrepeat=0
                randseed=42
                thread
                verify=crc32c-intel
                do_verify=0
                filename=/dev/nvme0n1
                """).get(0);
        assertThat(j.runtimeNs()).isEqualTo(120_000_000_000L);
        assertThat(j.rampNs()).isEqualTo(500_000_000L);
        assertThat(j.timeBased()).isTrue();
        assertThat(j.size()).isEqualTo(1L << 30);
        assertThat(j.offsetPercent()).isEqualTo(10);
        assertThat(j.cpus()).containsExactly(0, 1, 2, 5);
        assertThat(j.cpusSplit()).isTrue();
        assertThat(j.groupReporting()).isTrue();
        assertThat(j.norandommap()).isTrue();
        assertThat(j.randrepeat()).isFalse();
        assertThat(j.randseed()).isEqualTo(42);
        assertThat(j.thread()).isTrue();
        assertThat(j.verify()).isEqualTo(VerifyType.CRC32C);
        assertThat(j.doVerify()).isFalse();
        assertThat(j.filenames()).containsExactly("/dev/nvme0n1");
        assertThat(jobs("[t]\nruntime=30\n").get(0).runtimeNs()).as("seconds by default").isEqualTo(30_000_000_000L);
    }

    @Test
    void blockIntegrityOptionsFollowFiosIoUringCmdEngine() {
        FioJob j = jobs("""
                [pi]
                pi_act=0
                pi_chk=GUARD,REFTAG
                apptag=0x8888
                apptag_mask=0x00ff
                md_per_io_size=64
                """).get(0);
        assertThat(j.pi()).isEqualTo(new PiOptions(false, true, true, false, 0x8888, 0x00ff, 64));
        assertThat(jobs("[d]\n").get(0).pi()).isEqualTo(PiOptions.DEFAULT);
    }

    @Test
    void stonewallAndNewGroupStartNewGroupsAndLaterFilesAreStonewalled() {
        List<FioJob> jobs = jobs("[a]\n[b]\n[c]\nstonewall\n[d]\nnew_group\n");
        assertThat(jobs).extracting(FioJob::groupId).containsExactly(0, 0, 1, 2);
        assertThat(jobs).extracting(FioJob::stonewall).containsExactly(false, false, true, false);
        List<FioJob> two = JobFileParser.parse(List.of(new JobFileParser.JobFileText("one.fio", "[a]\n"),
                new JobFileParser.JobFileText("two.fio", "[b]\n"))).jobs();
        assertThat(two).extracting(FioJob::groupId).containsExactly(0, 1);
        assertThat(two.get(1).stonewall()).isTrue();
    }

    @Test
    void commentsAndBlanksAreSkippedAndNameOverridesTheSection() {
        FioJob j = jobs("""
                # hash comment
                ; semicolon comment
                   [  section  ]
                   name = renamed
                   description=anything at all
                """).get(0);
        assertThat(j.name()).isEqualTo("renamed");
    }

    @Test
    void unknownOptionNamesFileLineAndClosestOption() {
        assertThatThrownBy(() -> jobs("[a]\nrw=read\niodepht=4\n"))
                .isInstanceOf(JobFileException.class)
                .hasMessage("test.fio:3: unknown option 'iodepht' (did you mean 'iodepth'?)");
    }

    @Test
    void fioOptionsHcasimLacksSaySo() {
        assertThatThrownBy(() -> jobs("[global]\nrandom_distribution=zipf:1.2\n[a]\n"))
                .hasMessage("test.fio:2: fio option 'random_distribution' is not supported by hcasim yet (see docs/fio.md)");
        assertThatThrownBy(() -> jobs("[a]\ncgroup=fio\n"))
                .hasMessage("test.fio:2: fio option 'cgroup' has no meaning for a simulated block device (see docs/fio.md)");
        assertThatThrownBy(() -> jobs("[a]\nrw=trim\n"))
                .hasMessageContaining("test.fio:2: rw: fio rw=trim is not supported by hcasim");
    }

    @Test
    void badValuesAndStructureAreLocated() {
        assertThatThrownBy(() -> jobs("[a]\nbs=4q\n")).hasMessage("test.fio:2: bs: bad size suffix in '4q' (use k, m, g, t or p)");
        assertThatThrownBy(() -> jobs("[a]\niodepth=0\n")).hasMessage("test.fio:2: iodepth: value 0 out of range 1..65536");
        assertThatThrownBy(() -> jobs("[a]\nruntime=10x\n")).hasMessageStartingWith("test.fio:2: runtime: bad time unit");
        assertThatThrownBy(() -> jobs("bs=4k\n[a]\n")).hasMessageStartingWith("test.fio:1: option 'bs=4k' outside of a section");
        assertThatThrownBy(() -> jobs("[a\n")).hasMessageStartingWith("test.fio:1: bad section header");
        assertThatThrownBy(() -> jobs("[global]\nbs=4k\n")).hasMessage("test.fio: no jobs (only [global] sections)");
        assertThatThrownBy(() -> jobs("[a]\nbs=1000\n")).hasMessageContaining("must be a multiple of 512");
        assertThatThrownBy(() -> jobs("[a]\nverify=crc64\n")).hasMessageContaining("fio verify=crc64 is not supported by hcasim");
        assertThatThrownBy(() -> jobs("[a]\nrw\n")).hasMessage("test.fio:2: rw: needs a value (rw=...)");
    }

    /** fio's examples/ssd-test.fio, minus its file-system options. */
    private static final String SSD_TEST = """
            # Do some important numbers on SSD drives, to gauge what kind of
            # performance you might get out of them.
            #
            # This uses a queue depth of 4.
            #
            [global]
            bs=4k
            ioengine=libaio
            iodepth=4
            size=10g
            direct=1
            runtime=60
            %s
            [seq-read]
            rw=read
            stonewall

            [rand-read]
            rw=randread
            stonewall

            [seq-write]
            rw=write
            stonewall

            [rand-write]
            rw=randwrite
            stonewall
            """;

    @Test
    void fioExampleSsdTestRunsFourStonewalledGroups() {
        List<FioJob> jobs = jobs(SSD_TEST.formatted("filename=nvme0n1"));
        assertThat(jobs).extracting(FioJob::name).containsExactly("seq-read", "rand-read", "seq-write", "rand-write");
        assertThat(jobs).extracting(FioJob::groupId).containsExactly(0, 1, 2, 3);
        assertThat(jobs).extracting(FioJob::rw).containsExactly(RwPattern.READ, RwPattern.RANDREAD, RwPattern.WRITE, RwPattern.RANDWRITE);
        assertThat(jobs).allSatisfy(j -> {
            assertThat(j.size()).isEqualTo(10L << 30);
            assertThat(j.runtimeNs()).isEqualTo(60_000_000_000L);
            assertThat(j.iodepth()).isEqualTo(4);
            assertThat(j.direct()).isTrue();
        });
        JobFileParser.JobSet inADirectory = FioHarness.parse(SSD_TEST.formatted("directory=/mount-point-of-ssd"));
        assertThat(inADirectory.jobs()).hasSize(4);
        assertThat(inADirectory.notes()).containsExactly(
                "file option directory ignored: the job runs on a block device, which has no files");
    }

    @Test
    void fioExampleRandReadTakesItsNameFromTheGlobalSection() {
        FioJob j = jobs("""
                ; fio-rand-read.job for fiotest

                [global]
                name=fio-rand-read
                filename=fio-rand-read
                rw=randread
                bs=4K
                direct=0
                numjobs=1
                time_based
                runtime=900

                [file1]
                size=10G
                ioengine=libaio
                iodepth=16
                """).get(0);
        assertThat(j.name()).isEqualTo("fio-rand-read");
        assertThat(j.timeBased()).isTrue();
        assertThat(j.runtimeNs()).isEqualTo(900_000_000_000L);
        assertThat(j.size()).isEqualTo(10L << 30);
        assertThat(j.iodepth()).isEqualTo(16);
        assertThat(j.bsRead()).isEqualTo(4096);
    }
}
