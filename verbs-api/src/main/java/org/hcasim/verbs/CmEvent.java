package org.hcasim.verbs;

/** Connection manager events (RDMA_CM_EVENT_*). Private data arrays are copies owned by the receiver. */
public sealed interface CmEvent {
    CmId id();

    /** Passive side: a peer wants to connect; answer with {@code id().accept(...)} or {@code id().reject(...)}. */
    record ConnectRequest(CmId id, byte[] privateData) implements CmEvent {
    }

    /** Both sides: the connection is up, the QP is in RTS. Active side gets the acceptor's private data. */
    record Established(CmId id, byte[] privateData) implements CmEvent {
    }

    /** Active side: the peer rejected (with its private data), or nobody listens on the service id. */
    record Rejected(CmId id, byte[] privateData, String reason) implements CmEvent {
    }

    /** Active side: the remote host does not exist or cannot be reached. */
    record Unreachable(CmId id, String reason) implements CmEvent {
    }

    /** Either side: the connection went down (disconnect by either side); the QP is in ERR, WRs flushed. */
    record Disconnected(CmId id) implements CmEvent {
    }
}
