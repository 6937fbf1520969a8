package org.hcasim.ulp.iser.target;

import org.hcasim.block.Backstore;
import org.hcasim.block.BackstoreIo;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.PiControl;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;

/**
 * LIO's ramdisk backstore (target_core_rd, rd_mcp) over the standard block backstore, with its CPU work charged on
 * the target core that runs it. rd_execute_rw copies the data between the command's pages and the ramdisk's
 * (memcpy per byte). With PI (rd_do_prot_rw): a write is verified first (sbc_dif_verify: the CRC-16/T10-DIF of every
 * block when the guard is checked, the tags) and its tuples copied in; a read is copied out, then verified against
 * the stored tuples and those copied out; when the initiator sends no PI (protect 0), the backstore generates the
 * tuples of a write (sbc_dif_generate: a CRC per block) and strips those of a read after the check. The null
 * backstore stands for rd_mcp with rd_nullio=1: no data, no copies, no PI work.
 */
final class LioBackstore {
    private final BlockBackstore store;
    private final Host host;
    private final org.hcasim.host.WorkQueue completions;

    LioBackstore(BlockBackstore store, Host host) {
        this.store = store;
        this.host = host;
        this.completions = host.workQueue("target_completion");
    }

    BlockBackstore store() {
        return store;
    }

    /**
     * Runs the command's read or write. When the backstore completes, target_complete_cmd queues the rest
     * (target_complete_ok_work) on target_completion_wq: {@code done} runs there, on this core.
     */
    void execute(TargetCommand c, BlockOp op, BlockCompletionHandler done) {
        boolean ram = store.spec().backstore() == Backstore.RAM;
        PiControl pi = ram ? c.pi : PiControl.NONE;
        if (ram) {
            charge(c, op, pi);
        }
        int core = host.currentCore();
        store.execute(new BackstoreIo(op, c.lba, c.blocks, host.memory(), c.dataBuffer,
                c.metaBuffer >= 0 ? c.metaBuffer : BlockRequest.NO_METADATA, pi, core),
                result -> completions.queue(core, "target_complete_ok_work", () -> done.completed(result)));
    }

    private void charge(TargetCommand c, BlockOp op, PiControl pi) {
        CpuCosts costs = host.cpuCosts();
        long bytes = (long) c.blocks * c.blockSize;
        long ns = costs.ns(CpuCosts.MEMCPY, bytes);
        if (store.spec().format().hasPi()) {
            boolean crc = pi.checkGuard() || pi.deviceGenerates() && op == BlockOp.WRITE;
            ns += crc ? costs.ns(CpuCosts.CRC_T10DIF, bytes) : 0;
            ns += c.metaBuffer >= 0 ? costs.ns(CpuCosts.MEMCPY, (long) c.blocks * 8) : 0;
        }
        host.charge(ns);
    }
}
