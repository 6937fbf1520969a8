package org.hcasim.ulp.nvmeof.bench;

import java.util.concurrent.TimeUnit;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the NVMe-oF host and target do with capsules on every I/O: the host builds a read command with a keyed
 * SGL and writes its 64 bytes into the send buffer; the target decodes a received command and reads the fields
 * it dispatches on; the target encodes the 16-byte completion and the host decodes it. Score = capsules per
 * second. The command id, LBA and key change per call so that nothing folds into a constant.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class CapsuleEncodingBenchmark {
    private final byte[] sendBuffer = new byte[NvmeCommand.BYTES];
    private final byte[] responseBuffer = new byte[NvmeCompletion.BYTES];
    private byte[] received;
    private int n;

    @Setup
    public void setUp() {
        received = NvmeCommand.io(false, 7, 1, 4242, 8,
                SglDescriptor.keyed(0x7f00_0000_1000L, 4096, 0x1234, true)).bytes();
        NvmeCompletion.success(7, 1, 3, 0).encode(responseBuffer, 0);
    }

    /** Host: a 4 KiB read command with a keyed SGL (invalidate), encoded into the send buffer. */
    @Benchmark
    public byte[] encodeReadCommand() {
        int i = n++;
        NvmeCommand c = NvmeCommand.io(false, i & 0xffff, 1, i * 8L, 8,
                SglDescriptor.keyed(0x7f00_0000_0000L + ((long) i << 12), 4096, i, true));
        c.encode(sendBuffer, 0);
        return sendBuffer;
    }

    /** Target: the received 64 bytes decoded, and the fields it dispatches on read. */
    @Benchmark
    public long decodeCommand() {
        received[2] = (byte) n++;
        NvmeCommand c = NvmeCommand.decode(received, 0);
        SglDescriptor d = c.dptr();
        return c.opcode() + c.commandId() + c.nsid() + c.slba() + c.blocks() + d.address() + d.length() + d.key();
    }

    /** Target then host: a success completion encoded into the response buffer and decoded from it. */
    @Benchmark
    public int completionRoundTrip() {
        int i = n++;
        NvmeCompletion.success(i & 0xffff, 1, i & 0x7f, 0).encode(responseBuffer, 0);
        NvmeCompletion back = NvmeCompletion.decode(responseBuffer, 0);
        return back.commandId() + back.sqHead() + back.status();
    }
}
