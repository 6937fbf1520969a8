package org.hcasim.ulp.rds.ib;

/**
 * Cache lines RDS's receive path hands between the core whose tasklet receives a message and the core of the
 * thread that reads it (net/rds recv.c, ib_recv.c of v6.11). Each costs the host's {@code cacheline-transfer} (or
 * {@code -remote} across sockets) when the two cores differ; the counts are the kernel's data structures, the
 * cost per line is the host profile's.
 */
final class SharedLines {
    /**
     * rds_recv_incoming on the tasklet's core writes three lines of the socket that its owner's recvmsg and poll
     * wrote last: rs_recv_lock (recvmsg takes it too), rs_recv_queue with rs_rcv_bytes (rds_recv_rcvbuf_delta),
     * and the socket's wait queue head (poll_wait adds and removes its entry; __rds_wake_sk_sleep reads it).
     */
    static final int SOCKET = 3;
    /**
     * struct rds_ib_incoming (the rds_incoming with its 48-byte header copy, list and refcount: two lines) moves
     * twice per message: recvmsg reads what the tasklet wrote, and the tasklet's refill
     * (rds_ib_refill_one_inc from the per-CPU cache) takes the one the reader's rds_inc_put freed.
     */
    static final int INCOMING = 2;
    /** struct rds_page_frag (list item and scatterlist, one line) per fragment, both ways as the incoming. */
    static final int FRAGMENT = 1;

    /**
     * struct rds_conn_path's first two lines: the transmit state with cp_lock and the send queue's head, then
     * cp_retrans, cp_send_gen and cp_flags (RDS_IN_XMIT, RDS_LL_SEND_FULL). rds_send_queue_rm and rds_send_xmit write
     * both on the sender's core (or the send tasklet's), rds_send_drop_acked both on the receive tasklet's.
     */
    static final int PATH = 2;
    /**
     * The send ring's counters (struct rds_ib_work_ring) with i_signaled_sends, one line: rds_ib_xmit allocates on
     * the sender's core, rds_ib_send_cqe_handler frees on the send tasklet's.
     */
    static final int SEND_RING = 1;
    /**
     * i_ack_flags with i_ack_next, one line: rds_ib_set_ack and rds_ib_attempt_ack on the receive tasklet's core,
     * rds_ib_piggyb_ack in every rds_ib_xmit and rds_ib_ack_send_complete on the send tasklet's.
     */
    static final int ACK = 1;

    private SharedLines() {
    }
}
