package org.hcasim.core.testbed;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.fault.FaultSettings;
import org.hcasim.core.host.PayloadMode;

/** The fault settings of a block testbed, checked against it: the host whose links go down, payload for data faults. */
final class TestbedFaults {
    private TestbedFaults() {
    }

    static FaultSettings settings(HcasimConfig config, BlockTestbedSpec spec) {
        FaultSettings s = FaultSettings.from(config);
        List<String> hosts = new ArrayList<>();
        for (BlockTestbedSpec.HostSpec h : spec.initiators()) hosts.add(h.name());
        hosts.add(spec.targetHost());
        String link = s.linkHost().isEmpty() ? spec.targetHost() : s.linkHost();
        if (!hosts.contains(link)) {
            throw new ConfigException("fault.link.host = " + link + " (from " + config.sourceOf("fault.link.host")
                    + ") is not a host of the testbed (" + String.join(", ", hosts) + ")");
        }
        if (s.dataFaults() && spec.payload() != PayloadMode.REAL) {
            throw new ConfigException("bit flips (fault.backstore, fault.memory, fault.dma) need payload bytes, but sim.payload = "
                    + config.getString("sim.payload") + " (from " + config.sourceOf("sim.payload") + ")");
        }
        return s.withLinkHost(link);
    }
}
