package org.hcasim.ulp.iser.target;

import org.hcasim.block.BlockBackstore;

/** One iSCSI target of the portal: its IQN and its LUN 0, a backstore (LIO's rd_mcp ramdisk, or its nullio mode). */
record TargetNode(String iqn, BlockBackstore lun) {
}
