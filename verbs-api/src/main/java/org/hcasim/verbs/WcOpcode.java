package org.hcasim.verbs;

/** What a completion completes (enum ib_wc_opcode). Flushed receives report RECV. */
public enum WcOpcode {
    SEND, RDMA_WRITE, RDMA_READ, REG_MR, LOCAL_INV, RECV, RECV_RDMA_WITH_IMM
}
