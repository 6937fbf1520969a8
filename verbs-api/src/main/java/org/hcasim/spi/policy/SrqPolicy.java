package org.hcasim.spi.policy;

import org.hcasim.verbs.ProtectionDomain;

/**
 * How a target shares receive queues. When a target port (device + PD) is set up the policy creates its
 * receive queues ({@link #forPort}); when a QP is created on the port it says which receive queue the QP
 * gets ({@link PortReceiveQueues#assign}): its own receive queue, the device's one SRQ, or one SRQ of a pool
 * per completion vector. It also counts the receive-buffer memory it commits.
 */
public interface SrqPolicy {

    /** Creates the receive queues of one port and posts their receives (outside the I/O path). */
    PortReceiveQueues forPort(ProtectionDomain pd, ReceiveNeeds needs);
}
