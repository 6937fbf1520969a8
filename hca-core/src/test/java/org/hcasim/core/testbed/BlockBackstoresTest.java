package org.hcasim.core.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hcasim.block.Backstore;
import org.hcasim.block.BackstoreIo;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockBackstores;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** The standard null and ram backstores, as a target ULP uses them. */
class BlockBackstoresTest {
    private final Simulation sim = new Simulation(1);
    private final SimHost host = new SimHost(sim, "target", 2, VerbsTestbed.defaultCosts(), new SparseHostMemory("target", PayloadMode.REAL));
    private final List<BlockCompletion> done = new ArrayList<>();
    private final List<Long> doneAt = new ArrayList<>();

    private void execute(BlockBackstore b, BackstoreIo io) {
        host.run(0, Priority.SOFT_IRQ, "io", () -> b.execute(io, c -> {
            done.add(c);
            doneAt.add(host.now());
        }));
        sim.loop().run();
    }

    private BackstoreIo io(BlockOp op, long lba, int blocks, long data, long md, PiControl pi) {
        return new BackstoreIo(op, lba, blocks, host.memory(), data, md, pi, 1);
    }

    @Test
    void ramKeepsDataAndCompletesAfterItsLatency() {
        BlockBackstore ram = BlockBackstores.create(new BlockNamespaceSpec("ns1", Backstore.RAM, 1 << 20, BlockFormat.B512, 7_000), host);
        long buf = host.memory().allocate(1024, 4096);
        byte[] data = new byte[1024];
        Arrays.fill(data, (byte) 0x3c);
        host.memory().write(buf, data, 0, 1024);
        execute(ram, io(BlockOp.WRITE, 10, 2, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        host.memory().write(buf, new byte[1024], 0, 1024);
        execute(ram, io(BlockOp.READ, 10, 2, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        byte[] back = new byte[1024];
        host.memory().read(buf, back, 0, 1024);
        assertThat(back).isEqualTo(data);
        assertThat(done).allMatch(BlockCompletion::ok);
        assertThat(doneAt.get(0)).isEqualTo(7_000);
    }

    @Test
    void ramRefusesToKeepMoreThanItsShareOfTheHeapButOverwritesCostNothing() {
        long perBlock = 512 + BlockBackstores.KEPT_BLOCK_OVERHEAD_BYTES;
        BlockBackstore ram = BlockBackstores.create(new BlockNamespaceSpec("ns1", Backstore.RAM, 1 << 20, BlockFormat.B512, 0),
                host, 3 * perBlock);
        long buf = host.memory().allocate(1024, 4096);
        execute(ram, io(BlockOp.WRITE, 0, 2, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        execute(ram, io(BlockOp.WRITE, 0, 2, buf, BlockRequest.NO_METADATA, PiControl.NONE)); // the same blocks again
        execute(ram, io(BlockOp.WRITE, 2, 1, buf, BlockRequest.NO_METADATA, PiControl.NONE)); // the third block fits
        assertThat(done).hasSize(3).allMatch(BlockCompletion::ok);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> execute(ram, io(BlockOp.WRITE, 3, 1, buf, BlockRequest.NO_METADATA, PiControl.NONE)))
                .isInstanceOf(org.hcasim.block.BackstoreFullException.class)
                .hasMessageStartingWith("testbed.target.backstore = ram: ns1 would keep more than the 0 MiB of written blocks")
                .hasMessageNotContaining("\n");
    }

    @Test
    void nullKeepsNothingAndRejectsRangesBeyondCapacity() {
        BlockBackstore nul = BlockBackstores.create(new BlockNamespaceSpec("ns1", Backstore.NULL, 1 << 20, BlockFormat.B512, 0), host);
        long buf = host.memory().allocate(512, 4096);
        host.memory().write(buf, new byte[] {1, 2, 3}, 0, 3);
        execute(nul, io(BlockOp.WRITE, 0, 1, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        long other = host.memory().allocate(512, 4096);
        host.memory().write(other, new byte[] {9, 9, 9}, 0, 3);
        execute(nul, io(BlockOp.READ, 0, 1, other, BlockRequest.NO_METADATA, PiControl.NONE));
        byte[] back = new byte[3];
        host.memory().read(other, back, 0, 3);
        assertThat(back).as("like null_blk: nothing stored, nothing copied").containsExactly(9, 9, 9);
        execute(nul, io(BlockOp.READ, 2047, 2, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        assertThat(done.get(2).status()).isEqualTo(BlockStatus.LBA_OUT_OF_RANGE);
    }

    @Test
    void piIsGeneratedCheckedAndReturned() {
        BlockBackstore ram = BlockBackstores.create(new BlockNamespaceSpec("ns1", Backstore.RAM, 1 << 20,
                new BlockFormat(512, 8, PiType.TYPE1), 0), host);
        long buf = host.memory().allocate(1024, 4096);
        long md = host.memory().allocate(16, 8);
        byte[] data = new byte[1024];
        data[600] = 9;
        host.memory().write(buf, data, 0, 1024);
        PiControl generate = new PiControl(true, false, false, false, 0x77, 0xFFFF);
        execute(ram, io(BlockOp.WRITE, 100, 2, buf, BlockRequest.NO_METADATA, generate));
        PiControl check = new PiControl(false, true, true, true, 0x77, 0xFFFF);
        execute(ram, io(BlockOp.READ, 100, 2, buf, md, check));
        assertThat(done).allMatch(BlockCompletion::ok);
        byte[] tuples = new byte[16];
        host.memory().read(md, tuples, 0, 16);
        assertThat(T10Dif.get16(tuples, 8)).isEqualTo(T10Dif.crc16(data, 512, 512));
        assertThat(T10Dif.get32(tuples, 12)).isEqualTo(101);
        // the host sends a wrong guard: the device rejects the write
        tuples[8] ^= 1;
        host.memory().write(md, tuples, 0, 16);
        execute(ram, io(BlockOp.WRITE, 100, 2, buf, md, check));
        assertThat(done.get(2).status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(done.get(2).detail()).startsWith("ns1: guard check failed at lba 101");
        // a PI namespace needs either a metadata buffer or device-generated PI
        execute(ram, io(BlockOp.READ, 0, 1, buf, BlockRequest.NO_METADATA, PiControl.NONE));
        assertThat(done.get(3).status()).isEqualTo(BlockStatus.INVALID_REQUEST);
    }
}
