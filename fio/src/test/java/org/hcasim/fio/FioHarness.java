package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.PiType;
import org.hcasim.fio.loopback.LoopbackTestbed;

/** Parses a job file text and runs it on a loopback testbed. */
final class FioHarness {
    static final long FIXED_EPOCH_MS = 1_764_460_800_000L; // 2025-11-30 00:00:00 UTC

    final LoopbackTestbed testbed;
    final List<String> errors = new ArrayList<>();

    FioHarness(LoopbackTestbed testbed) {
        this.testbed = testbed;
    }

    static FioHarness nullDevice() {
        return new FioHarness(new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0))));
    }

    /** 100 us each way: few I/Os per simulated second, for tests that need whole 500 ms sample windows. */
    static FioHarness slowNullDevice() {
        return new FioHarness(new LoopbackTestbed(4, 100_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0))));
    }

    static FioHarness ramDevice() {
        return new FioHarness(new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.RAM, 4L << 20, BlockFormat.B512, 1_000))));
    }

    static FioHarness piDevice(String format, PiType type) {
        return new FioHarness(new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.RAM, 4L << 20, BlockFormat.parse(format, type), 1_000))));
    }

    static JobFileParser.JobSet parse(String text) {
        return JobFileParser.parse(List.of(new JobFileParser.JobFileText("test.fio", text)));
    }

    FioResults run(String text) {
        return new FioRun(testbed, errors::add).run(parse(text));
    }

    String json(String text) {
        return FioJsonReport.render(run(text), FIXED_EPOCH_MS);
    }
}
