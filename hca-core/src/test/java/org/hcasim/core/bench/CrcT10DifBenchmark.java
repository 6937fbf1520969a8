package org.hcasim.core.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.hcasim.block.T10Dif;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The guard every PI block pays for with payload real: {@link T10Dif#crc16} over one logical block of 512 or
 * 4096 bytes. Score = blocks per second; times the block size it is bytes per second of one core (issue 17's
 * target: 2 GB/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class CrcT10DifBenchmark {
    @Param({"512", "4096"})
    int blockSize;

    private byte[] block;

    @Setup
    public void setUp() {
        block = new byte[blockSize];
        new SplittableRandom(1).nextBytes(block);
    }

    @Benchmark
    public int crc16() {
        return T10Dif.crc16(block, 0, blockSize);
    }
}
