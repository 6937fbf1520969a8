package org.hcasim.core.verbs;

import org.hcasim.verbs.WorkRequest;

/** A posted receive (in a QP's receive queue or an SRQ). */
record RecvWqe(WorkRequest.Recv wr) {
}
