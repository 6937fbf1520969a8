package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FioTextReportTest {

    @Test
    void headerDescribesJobsLikeFio() {
        String header = FioTextReport.header(FioHarness.parse("[rr]\nioengine=nvmeof\nrw=randread\niodepth=32\nnumjobs=2\n"));
        assertThat(header).isEqualTo("""
                rr: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=nvmeof, iodepth=32
                ...
                fio-3.36
                Starting 2 processes
                """);
    }

    @Test
    void reportHasFiosSections() {
        FioHarness h = FioHarness.slowNullDevice();
        String text = FioTextReport.render(h.run("[rr]\nioengine=loopback\nrw=randread\niodepth=4\nruntime=1100ms\ntime_based\n"),
                FioHarness.FIXED_EPOCH_MS);
        assertThat(text).contains("rr: (groupid=0, jobs=1): err= 0: pid=1: Sun Nov 30 00:00:00 2025\n")
                .containsPattern("\n  read: IOPS=\\d+(\\.\\d+)?k, BW=\\d+(\\.\\d+)?MiB/s \\(\\d+(\\.\\d+)?MB/s\\)\\(\\d+(\\.\\d+)?MiB/110[01]msec\\)\n")
                .containsPattern("\n    clat \\((n|u)sec\\): min=\\d+, max=\\d+, avg=\\d+\\.\\d\\d, stdev=\\d+\\.\\d\\d\n")
                .contains("    clat percentiles (usec):\n     |  1.00th=[")
                .contains(" 99.99th=[")
                .containsPattern("\n   bw \\(  KiB/s\\): min=\\d+, max=\\d+, per=100.00%, avg=\\d+\\.\\d\\d, stdev=\\d+\\.\\d\\d, samples=2\n")
                .containsPattern("\n  cpu          : usr=\\d+\\.\\d\\d%, sys=\\d+\\.\\d\\d%, ctx=\\d+, majf=0, minf=0\n")
                .contains("  IO depths    : 1=0.0%, 2=0.0%, 4=")
                .containsPattern("\n     submit    : 0=0.0%, 4=\\d+\\.\\d%, 8=")
                .containsPattern("\n     complete  : 0=0.0%, 4=\\d+\\.\\d%, 8=")
                .contains("\nRun status group 0 (all jobs):\n   READ: bw=");
        assertThat(text).doesNotContain("WRITE:");
    }

    @Test
    void num2strKeepsFourDigitsLikeFio() {
        assertThat(FioFormat.num2str(950, 4, false, "")).isEqualTo("950");
        assertThat(FioFormat.num2str(250_000, 4, false, "")).isEqualTo("250k");
        assertThat(FioFormat.num2str(1_024_000_000L, 4, true, "B/s")).isEqualTo("977MiB/s");
        assertThat(FioFormat.num2str(1_024_000_000L, 4, false, "B/s")).isEqualTo("1024MB/s");
        assertThat(FioFormat.num2str(2L << 30, 4, true, "B")).isEqualTo("2048MiB");
    }
}
