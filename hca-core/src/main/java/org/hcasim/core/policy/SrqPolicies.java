package org.hcasim.core.policy;

import java.util.List;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.ReceiveNeeds;
import org.hcasim.spi.policy.SrqPolicy;
import org.hcasim.spi.policy.SrqPolicyFactory;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.SrqPool;

/** The built-in SRQ policies: a receive queue per QP, one SRQ per device, one SRQ per completion vector. */
final class SrqPolicies {
    private SrqPolicies() { }

    static final String NONE = "none";
    static final String PER_DEVICE = "per-device";
    static final String PER_VECTOR = "per-vector";

    static List<SrqPolicyFactory> factories() {
        return List.of(
                factory(NONE, "a receive queue of its own per QP: memory grows with every connection", SrqPolicies::ownQueues),
                factory(PER_DEVICE, "one SRQ per device shared by all its QPs: bounded memory, one lock for every core",
                        SrqPolicies::perDevice),
                factory(PER_VECTOR, "a pool of min(vectors, device max SRQs) SRQs per PD; a QP on vector v uses SRQ v % count",
                        SrqPolicies::perVector));
    }

    private interface PortSetup {
        PortReceiveQueues forPort(ProtectionDomain pd, ReceiveNeeds needs);
    }

    private static SrqPolicyFactory factory(String name, String description, PortSetup setup) {
        SrqPolicy policy = setup::forPort;
        return new SrqPolicyFactory() {
            @Override public String name() { return name; }
            @Override public String description() { return description; }
            @Override public SrqPolicy create(PolicyContext context) { return policy; }
        };
    }

    private static PortReceiveQueues ownQueues(ProtectionDomain pd, ReceiveNeeds needs) {
        return new ReceiveBuffers(needs, List.of()) {
            @Override SharedReceiveQueue srqFor(int compVector) { return null; }
        };
    }

    private static PortReceiveQueues perDevice(ProtectionDomain pd, ReceiveNeeds needs) {
        SharedReceiveQueue srq = pd.createSrq(new SrqInit(needs.srqSize(), needs.recvSges(), 0));
        return new ReceiveBuffers(needs, List.of(srq)) {
            @Override SharedReceiveQueue srqFor(int compVector) { return srq; }
        };
    }

    private static PortReceiveQueues perVector(ProtectionDomain pd, ReceiveNeeds needs) {
        var attributes = pd.device().attributes();
        int count = Math.min(attributes.numCompVectors(), attributes.maxSrq());
        SrqPool pool = pd.createSrqPool(count, new SrqInit(needs.srqSize(), needs.recvSges(), 0));
        return new ReceiveBuffers(needs, pool.srqs()) {
            @Override SharedReceiveQueue srqFor(int compVector) { return pool.get(compVector); }
        };
    }
}
