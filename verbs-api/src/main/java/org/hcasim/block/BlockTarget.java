package org.hcasim.block;

import java.util.List;

/** The target role of a block protocol: serves namespaces (NVMe) or LUNs (SCSI) from backstores. */
public interface BlockTarget {

    /** Where initiators connect to it (what {@link BlockInitiatorContext#targetAddress()} names). */
    String address();

    /** The namespaces / LUNs it exports, in export order (index 0 is namespace 1 or LUN 0). */
    List<BlockNamespaceSpec> namespaces();

    /**
     * Starts listening. Called once, outside any task; the target schedules whatever setup it needs
     * as tasks on its host.
     */
    void start();
}
