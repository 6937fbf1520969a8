package org.hcasim.core.fault;

import org.hcasim.host.DataFaults;
import org.hcasim.host.HostMemory;

/** The {@link DataFaults} of one host: the run's {@link Faults}, with the host's name for the account. */
public final class HostDataFaults implements DataFaults {
    private final Faults faults;
    private final String host;

    private final boolean storageTarget;

    public HostDataFaults(Faults faults, String host) {
        this(faults, host, false);
    }

    /** {@code storageTarget}: the host is the testbed's target, the one {@code fault.target.*} stops. */
    public HostDataFaults(Faults faults, String host, boolean storageTarget) {
        this.faults = faults;
        this.host = host;
        this.storageTarget = storageTarget;
    }

    @Override
    public boolean targetStopped(long now) {
        return storageTarget && faults.targetStopped(now, host);
    }

    @Override
    public void backstoreRead(byte[] data, int offset, int length, int blockSize) {
        faults.backstoreRead(host, data, offset, length, blockSize);
    }

    @Override
    public void inMemory(HostMemory memory, long iova, int length, int blockSize) {
        faults.inMemory(host, memory, iova, length, blockSize);
    }

    @Override
    public void recoveryStep(String what) {
        faults.recoveryStep(host, what);
    }

    @Override
    public void recovery(String what, boolean recovered) {
        faults.recovery(host, what, recovered);
    }

    @Override
    public void caught(String check) {
        faults.caught(check + " at " + host);
    }
}
