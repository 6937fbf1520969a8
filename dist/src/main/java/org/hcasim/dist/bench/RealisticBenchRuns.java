package org.hcasim.dist.bench;

import java.util.List;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.UlpProvider;

/**
 * The realistic set of {@code hcasim bench runs}: the experiments' own testbeds and workload shapes, each long
 * enough (at least {@link #MIN_IOS} I/Os, counted with fio's {@code number_ios}) for the JIT to reach steady code
 * and for the per-run set-up to vanish in the total. Testbeds come from the installed plugins, as the experiments
 * load them.
 */
final class RealisticBenchRuns {
    static final int MIN_IOS = 200_000;

    private RealisticBenchRuns() {
    }

    static List<BenchRun> all() {
        return List.of(
                inlineUmr(512, "elided"), inlineUmr(512, "real"), inlineUmr(4096, "elided"), inlineUmr(4096, "real"),
                iserPiWrite32k(), rdsStress(), new MrBenchRun(10_000), srqPerVectorRead1k());
    }

    /**
     * rds-stress as rds-dim runs it at its largest: 8448-byte requests, 256-byte acks, 8 QPs per peer, 4 tasks, one
     * simulated second; the work is the requests the active host sent and received in it.
     */
    static ToolBenchRun rdsStress() {
        return new ToolBenchRun("rds-stress 8448/256 8 QPs x 4 tasks", "real", "rds", "rds-stress",
                List.of("-q", "8448", "-a", "256", "-t", "4", "--qps", "8", "-T", "1"), "txrx_per_s", 1);
    }

    /** inline-umr's point: 48 jobs x iodepth 16 random reads, ConnectX-5, one null_blk namespace. */
    static FioBenchRun inlineUmr(int bs, String payload) {
        int jobs = 48;
        TestbedSpec testbed = plugin("nvmeof", "experiment/inline-umr-testbed.properties").with("hca.profile", "connectx5")
                .with("sim.payload", payload);
        return new FioBenchRun("nvmeof randread " + size(bs) + " 48x16 connectx5 inline-umr payload " + payload, payload, testbed, String.join("\n",
                "[global]", "ioengine=nvmeof", "rw=randread", "bs=" + bs, "iodepth=16", "numjobs=" + jobs, "direct=1",
                "number_ios=" + perJob(jobs), "group_reporting=1", "", "[inline-umr]", ""));
    }

    /** pi-mtt-klm's write point: 24 LUNs, a job each at iodepth 128, 32 KiB random writes, PI generated and checked, KLM. */
    static FioBenchRun iserPiWrite32k() {
        int jobs = 24;
        TestbedSpec testbed = plugin("iser", "experiment/pi-mtt-klm-testbed.properties")
                .with("iser.initiator.registration-policy", "klm-only")
                .with("iser.initiator.write-generate", "true").with("iser.initiator.read-verify", "true");
        StringBuilder job = new StringBuilder(String.join("\n", "[global]", "ioengine=iser", "rw=randwrite", "bs=32k",
                "iodepth=128", "direct=1", "number_ios=" + perJob(jobs), "group_reporting=1", ""));
        for (int i = 0; i < jobs; i++) job.append("[sd").append((char) ('a' + i)).append("]\nfilename=sd").append((char) ('a' + i)).append('\n');
        return new FioBenchRun("iser randwrite 32k PI 24x128 klm", "elided", testbed, job.toString());
    }

    /** srq-per-vector's point: 4 initiators x 12 jobs x iodepth 128, 1 KiB random reads, an SRQ per completion vector. */
    static FioBenchRun srqPerVectorRead1k() {
        int jobs = 12;
        int initiators = 4;
        TestbedSpec testbed = plugin("nvmeof", "experiment/srq-per-vector-testbed.properties")
                .with("nvmeof.host.register-always", "false").with("nvmeof.host.queue-size", "256")
                .with("nvmeof.target.srq-policy", "per-vector").with("nvmeof.target.srq-size", "1024");
        return new FioBenchRun("nvmeof randread 1k srq-per-vector 4x12x128", "elided", testbed, String.join("\n",
                "[global]", "ioengine=nvmeof", "rw=randread", "bs=1k", "iodepth=128", "numjobs=" + jobs, "direct=1",
                "number_ios=" + perJob(jobs * initiators), "group_reporting=1", "", "[srq-per-vector]", ""));
    }

    /** I/Os per job so that {@code jobs} of them do at least {@link #MIN_IOS}. */
    private static int perJob(int jobs) {
        return (MIN_IOS + jobs - 1) / jobs;
    }

    private static String size(int bs) {
        return bs >= 1024 ? bs / 1024 + "k" : Integer.toString(bs);
    }

    /** A testbed resource of an installed plugin, next to its provider class. */
    private static TestbedSpec plugin(String ulp, String path) {
        UlpProvider provider = Installation.current().ulps().providers().stream().filter(p -> p.name().equals(ulp)).findFirst()
                .orElseThrow(() -> new IllegalStateException("bench runs need the " + ulp + " plugin, which is not installed"));
        return TestbedSpec.resource(provider.getClass(), path);
    }
}
