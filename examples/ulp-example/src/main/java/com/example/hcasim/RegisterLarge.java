package com.example.hcasim;

import java.util.ArrayDeque;
import java.util.List;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.spi.policy.RegistrationPolicyFactory;
import org.hcasim.spi.settings.Settings;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.WorkRequest;

/**
 * Registers only large I/Os: a single-segment I/O without PI smaller than a threshold goes out under the PD's
 * global rkey (no UMR, nothing to invalidate); larger or scattered I/Os get a fast-registration MR from the
 * queue's pool. I/Os with PI are not supported by this example and are refused (null: the ULP fails them).
 */
final class RegisterLarge implements RegistrationPolicy {
    static final String NAME = "example-register-large";

    private final long minBytes;

    RegisterLarge(long minBytes) {
        this.minBytes = minBytes;
    }

    static final class Factory implements RegistrationPolicyFactory {
        @Override public String name() { return NAME; }

        @Override public String description() {
            return "global rkey below a size threshold, a fast-registration MR from the queue's pool above it";
        }

        @Override public RegistrationPolicy create(PolicyContext context) {
            Settings s = Settings.of(context.config(), new ExampleProvider().defaultConfiguration());
            return new RegisterLarge(s.size("example.register-large.min-bytes", 0, 1L << 40));
        }
    }

    @Override
    public QueueRegistration forQueue(ProtectionDomain pd, RegistrationNeeds needs) {
        int pages = Math.min(needs.maxPages(), pd.device().attributes().maxFastRegPageListLen());
        ArrayDeque<MemoryRegion> pool = new ArrayDeque<>();
        for (int i = 0; i < needs.entries(); i++) {
            pool.add(pd.allocMr(MrType.MEM_REG, pages));
        }
        return new QueueRegistration() {
            @Override
            public Registration register(IoBuffers io) {
                if (io.integrity()) {
                    return null;
                }
                if (io.data().size() == 1 && io.dataLength() < minBytes) {
                    var segment = io.data().get(0);
                    return new Registration(Registration.Kind.GLOBAL_KEY, pd.unsafeGlobalRkey(), segment.address(),
                            segment.length(), null, List.of());
                }
                MemoryRegion mr = pool.poll();
                if (mr == null || mr.mapSg(io.data(), needs.pageSize()) < io.data().size()) {
                    if (mr != null) {
                        pool.add(mr);
                    }
                    return null;
                }
                return new Registration(Registration.Kind.FAST_REG, mr.nextKey(), mr.iova(), io.dataLength(), mr,
                        List.of(WorkRequest.RegMr.of(mr, io.access(), CompletionCallback.IGNORE)));
            }

            @Override
            public void release(Registration r) {
                if (r.mr() != null) {
                    pool.add(r.mr());
                }
            }

            @Override
            public int maxPages() {
                return pages;
            }
        };
    }
}
