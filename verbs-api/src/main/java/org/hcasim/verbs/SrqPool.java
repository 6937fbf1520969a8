package org.hcasim.verbs;

import java.util.List;

/** SRQs of one PD handed out by completion vector: a QP on vector v uses SRQ number v % size. */
public interface SrqPool {
    SharedReceiveQueue get(int compVector);

    int size();

    List<SharedReceiveQueue> srqs();
}
