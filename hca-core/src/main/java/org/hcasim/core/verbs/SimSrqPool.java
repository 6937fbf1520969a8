package org.hcasim.core.verbs;

import java.util.List;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqPool;
import org.hcasim.verbs.VerbsException;

/** SRQs handed out by completion vector: vector v uses SRQ number v % size (docs/mechanisms.md section 6). */
record SimSrqPool(List<SharedReceiveQueue> srqs) implements SrqPool {
    SimSrqPool {
        srqs = List.copyOf(srqs);
    }

    @Override
    public SharedReceiveQueue get(int compVector) {
        if (compVector < 0) {
            throw new VerbsException(Errno.EINVAL, "SRQ pool: negative completion vector " + compVector);
        }
        return srqs.get(compVector % srqs.size());
    }

    @Override
    public int size() {
        return srqs.size();
    }
}
