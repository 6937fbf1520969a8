package org.hcasim.core.verbs;

import java.util.List;
import org.hcasim.core.fault.Faults;
import org.hcasim.verbs.Sge;

/**
 * Bit flips in the data an HCA DMA-reads from host memory for an RDMA WRITE (its gather) or an RDMA READ (the
 * responder's read), injected before the HCA's signature engine sees the bytes (docs/faults.md). The model flips the
 * bit in host memory as it is read, so a retransmission reads it again.
 */
final class DmaFaults {
    private DmaFaults() {
    }

    /** The HCA of {@code dev} is about to read {@code length} bytes through {@code key} at {@code address}. */
    static void beforeRead(SimRdmaDevice dev, int key, long address, long length) {
        Faults faults = dev.fabric().faults();
        if (!faults.dma) {
            return;
        }
        long bit = faults.dmaRead(VerbsFabric.portName(dev), length);
        if (bit >= 0) {
            dev.keys().flipBit(key, address, length, bit);
        }
    }

    /** The HCA of {@code dev} is about to gather {@code length} bytes from {@code sgl}. */
    static void beforeGather(SimRdmaDevice dev, List<Sge> sgl, long length) {
        Faults faults = dev.fabric().faults();
        if (!faults.dma) {
            return;
        }
        long bit = faults.dmaRead(VerbsFabric.portName(dev), length);
        for (int i = 0; bit >= 0 && i < sgl.size(); i++) {
            Sge s = sgl.get(i);
            if (bit < s.length() * 8L) {
                dev.keys().flipBit(s.lkey(), s.address(), s.length(), bit);
                return;
            }
            bit -= s.length() * 8L;
        }
    }
}
