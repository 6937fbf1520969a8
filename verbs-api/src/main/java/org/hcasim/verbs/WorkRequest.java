package org.hcasim.verbs;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Work requests: a sealed family of records. Send-queue requests carry {@link SendFlag}s; every request
 * carries its completion callback (ib_cqe.done), called when its completion is processed.
 */
public sealed interface WorkRequest {

    CompletionCallback done();

    /** Requests posted on the send queue. */
    sealed interface SendRequest extends WorkRequest {
        Set<SendFlag> flags();

        default boolean signaled() {
            return flags().contains(SendFlag.SIGNALED);
        }

        /** Bytes this request gathers from local memory (0 for registration and invalidation). */
        default long gatherLength() {
            return 0;
        }
    }

    /** SEND (optionally with immediate data): the peer consumes one receive. */
    record Send(List<Sge> sgl, OptionalInt immediate, Set<SendFlag> flags, CompletionCallback done)
            implements SendRequest {
        public Send {
            sgl = List.copyOf(sgl);
            flags = immutable(flags);
        }

        public static Send of(List<Sge> sgl, CompletionCallback done, SendFlag... flags) {
            return new Send(sgl, OptionalInt.empty(), flagSet(flags), done);
        }

        @Override
        public long gatherLength() {
            return totalLength(sgl);
        }
    }

    /** SEND_WITH_INV: like SEND, and the responder invalidates {@code invalidateRkey} before completing. */
    record SendWithInvalidate(List<Sge> sgl, int invalidateRkey, Set<SendFlag> flags, CompletionCallback done)
            implements SendRequest {
        public SendWithInvalidate {
            sgl = List.copyOf(sgl);
            flags = immutable(flags);
        }

        public static SendWithInvalidate of(List<Sge> sgl, int invalidateRkey, CompletionCallback done,
                                            SendFlag... flags) {
            return new SendWithInvalidate(sgl, invalidateRkey, flagSet(flags), done);
        }

        @Override
        public long gatherLength() {
            return totalLength(sgl);
        }
    }

    /** RDMA WRITE of the gather list to {@code [remoteAddress, +length)} under {@code rkey}. */
    record RdmaWrite(List<Sge> sgl, long remoteAddress, int rkey, Set<SendFlag> flags, CompletionCallback done)
            implements SendRequest {
        public RdmaWrite {
            sgl = List.copyOf(sgl);
            flags = immutable(flags);
        }

        public static RdmaWrite of(List<Sge> sgl, long remoteAddress, int rkey, CompletionCallback done,
                                   SendFlag... flags) {
            return new RdmaWrite(sgl, remoteAddress, rkey, flagSet(flags), done);
        }

        @Override
        public long gatherLength() {
            return totalLength(sgl);
        }
    }

    /** RDMA READ of {@code [remoteAddress, +length)} under {@code rkey} into the scatter list. */
    record RdmaRead(List<Sge> sgl, long remoteAddress, int rkey, Set<SendFlag> flags, CompletionCallback done)
            implements SendRequest {
        public RdmaRead {
            sgl = List.copyOf(sgl);
            flags = immutable(flags);
        }

        public static RdmaRead of(List<Sge> sgl, long remoteAddress, int rkey, CompletionCallback done,
                                  SendFlag... flags) {
            return new RdmaRead(sgl, remoteAddress, rkey, flagSet(flags), done);
        }
    }

    /**
     * REG_MR (fast registration through a UMR): makes the MR's current mapping (from mapSg) valid under
     * a new key variant with {@code access}. The MR's lkey/rkey change when this is posted.
     */
    record RegMr(MemoryRegion mr, Set<AccessFlag> access, Set<SendFlag> flags, CompletionCallback done)
            implements SendRequest {
        public RegMr {
            access = CanonicalFlagSets.access(access);
            flags = immutable(flags);
        }

        public static RegMr of(MemoryRegion mr, Set<AccessFlag> access, CompletionCallback done, SendFlag... flags) {
            return new RegMr(mr, access, flagSet(flags), done);
        }
    }

    /** REG_MR of an integrity MR (after mapSgPi) with its signature attributes. */
    record RegIntegrityMr(MemoryRegion mr, SignatureAttributes signature, Set<AccessFlag> access,
                          Set<SendFlag> flags, CompletionCallback done) implements SendRequest {
        public RegIntegrityMr {
            access = CanonicalFlagSets.access(access);
            flags = immutable(flags);
        }
    }

    /** LOCAL_INV: the key stops working for local and remote access until registered again. */
    record LocalInvalidate(int key, Set<SendFlag> flags, CompletionCallback done) implements SendRequest {
        public LocalInvalidate {
            flags = immutable(flags);
        }

        public static LocalInvalidate of(int key, CompletionCallback done, SendFlag... flags) {
            return new LocalInvalidate(key, flagSet(flags), done);
        }
    }

    /** A receive buffer for one incoming SEND. */
    record Recv(List<Sge> sgl, CompletionCallback done) implements WorkRequest {
        public Recv {
            sgl = List.copyOf(sgl);
        }

        public long capacity() {
            return totalLength(sgl);
        }
    }

    static Set<SendFlag> flagSet(SendFlag... flags) {
        return CanonicalFlagSets.sendFlags(flags);
    }

    private static Set<SendFlag> immutable(Set<SendFlag> flags) {
        return flags.isEmpty() ? Set.of() : Set.copyOf(flags);
    }

    static long totalLength(List<Sge> sgl) {
        long total = 0;
        for (Sge sge : sgl) {
            total += sge.length();
        }
        return total;
    }
}
