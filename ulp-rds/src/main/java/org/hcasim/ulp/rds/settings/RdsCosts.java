package org.hcasim.ulp.rds.settings;

import org.hcasim.host.CpuCosts;

/**
 * The CPU cost of RDS's kernel code on one host, from its profile ({@code host.cost.rds-*-ns}, defaults with their
 * sources in the engine's defaults.properties): host software costs are host-profile costs, so one profile
 * describes one machine and its kernel. The system calls, copies, wake-ups and the verbs' own work are the host's
 * general costs; these are what RDS adds.
 *
 * @param sendmsg        rds_sendmsg beyond the system call and the copy
 * @param xmitFragment   rds_ib_xmit per fragment beyond the WQE build
 * @param sendComplete   rds_ib_send_cqe_handler per completed message beyond the DMA unmap
 * @param recvFragment   rds_ib_recv_cqe_handler + rds_ib_process_recv per fragment beyond the CQE poll and the unmap
 * @param recvIncoming   rds_recv_incoming per message
 * @param recvmsg        rds_recvmsg beyond the system call and the copy
 * @param dropAcked      rds_send_drop_acked per acknowledged message
 * @param refillFragment rds_ib_recv_refill_one per receive beyond the WQE build and the DMA map
 * @param sendAck        rds_ib_send_ack beyond the WQE build
 * @param dmaMap         ib_dma_map_sg of one scatterlist (through the IOMMU where the host has one on)
 * @param dmaUnmap       ib_dma_unmap_sg of one scatterlist
 */
public record RdsCosts(long sendmsg, long xmitFragment, long sendComplete, long recvFragment, long recvIncoming,
                       long recvmsg, long dropAcked, long refillFragment, long sendAck, long dmaMap, long dmaUnmap) {

    public static RdsCosts of(CpuCosts c) {
        return new RdsCosts(c.ns("rds-sendmsg"), c.ns("rds-xmit-fragment"), c.ns("rds-send-complete"),
                c.ns("rds-recv-fragment"), c.ns("rds-recv-incoming"), c.ns("rds-recvmsg"), c.ns("rds-drop-acked"),
                c.ns("rds-refill-fragment"), c.ns("rds-send-ack"), c.ns("dma-map"), c.ns("dma-unmap"));
    }
}
