package org.hcasim.verbs;

/** Completion statuses (enum ib_wc_status); the comment says when the engine reports each. */
public enum WcStatus {
    SUCCESS,
    /** Responder: the incoming SEND is longer than the receive buffer. Requester: message exceeds maxMsgSize. */
    LOC_LEN_ERR,
    /** A send WQE is inconsistent (e.g. REG_MR of an MR that was never mapped). */
    LOC_QP_OP_ERR,
    LOC_EEC_OP_ERR,
    /** A local SGE's lkey is unknown, invalid, of another PD, or the SGE leaves the region. */
    LOC_PROT_ERR,
    /** The QP was in ERR: the WR was flushed without being executed. */
    WR_FLUSH_ERR,
    /** A memory registration or invalidation failed (register a still-valid key, wrong PD, wrong key). */
    MW_BIND_ERR,
    /** Unexpected response opcode (not produced by this model's responder). */
    BAD_RESP_ERR,
    /** Responder: receive buffer lacks LOCAL_WRITE. */
    LOC_ACCESS_ERR,
    /** Requester: the responder found the request invalid (receive too small). */
    REM_INV_REQ_ERR,
    /** Requester: rkey unknown/invalid, out of bounds, lacking access, or of another PD at the responder. */
    REM_ACCESS_ERR,
    /** Requester: the responder failed locally (its receive buffer's key is bad). */
    REM_OP_ERR,
    /** Requester: no acknowledgement after retryCount retransmissions (peer gone, peer QP not RTR/RTS). */
    RETRY_EXC_ERR,
    /** Requester: the peer had no receive posted for rnrRetry attempts (7 = retry forever). */
    RNR_RETRY_EXC_ERR,
    LOC_RDD_VIOL_ERR,
    REM_INV_RD_REQ_ERR,
    REM_ABORT_ERR,
    INV_EECN_ERR,
    INV_EEC_STATE_ERR,
    FATAL_ERR,
    RESP_TIMEOUT_ERR,
    GENERAL_ERR,
    /** hcasim: a signature (T10-PI) check failed on the integrity MR of this request; see checkSignatureStatus. */
    SIG_ERR
}
