package org.hcasim.core.inject;

import jakarta.inject.Inject;
import java.util.Map;
import java.util.TreeSet;
import org.hcasim.core.plugin.PluginException;
import org.hcasim.spi.CqPolicy;
import org.hcasim.spi.RegistrationPolicy;
import org.hcasim.spi.SrqPolicy;

/**
 * The policies the testbed's ULPs contribute (through map bindings keyed by ULP name), looked up by
 * ULP and policy name as configuration names them. An unknown name is an error listing the choices.
 */
public final class Policies {
    private final Map<String, Map<String, RegistrationPolicy>> registration;
    private final Map<String, Map<String, CqPolicy>> cq;
    private final Map<String, Map<String, SrqPolicy>> srq;

    @Inject
    Policies(Map<String, Map<String, RegistrationPolicy>> registration,
             Map<String, Map<String, CqPolicy>> cq,
             Map<String, Map<String, SrqPolicy>> srq) {
        this.registration = registration;
        this.cq = cq;
        this.srq = srq;
    }

    public RegistrationPolicy registration(String ulp, String policy) {
        return find("registration", registration, ulp, policy);
    }

    public CqPolicy cq(String ulp, String policy) {
        return find("CQ", cq, ulp, policy);
    }

    public SrqPolicy srq(String ulp, String policy) {
        return find("SRQ", srq, ulp, policy);
    }

    private static <P> P find(String kind, Map<String, Map<String, P>> byUlp, String ulp, String policy) {
        Map<String, P> ofUlp = byUlp.get(ulp);
        if (ofUlp == null) {
            throw new PluginException("ULP '" + ulp + "' is not part of this testbed; testbed ULPs: "
                    + String.join(", ", new TreeSet<>(byUlp.keySet())));
        }
        P p = ofUlp.get(policy);
        if (p == null) {
            throw new PluginException("ULP " + ulp + " has no " + kind + " policy '" + policy + "'; it offers: "
                    + (ofUlp.isEmpty() ? "none" : String.join(", ", new TreeSet<>(ofUlp.keySet()))));
        }
        return p;
    }
}
