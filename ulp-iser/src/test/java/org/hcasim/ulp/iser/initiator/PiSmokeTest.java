package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Random;
import org.hcasim.block.PiType;
import org.hcasim.ulp.iser.IserPair;
import org.junit.jupiter.api.Test;

class PiSmokeTest {
    @Test
    void pi_round_trip() {
        for (String wg : new String[] {"true", "false"}) {
            IserPair p = new IserPair(Map.of("iser.initiator.pi-enable", "true", "iser.target.t10-pi", "true",
                    "iser.initiator.write-generate", wg, "iser.initiator.read-verify", wg),
                    IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
            assertThat(p.connect()).isNull();
            byte[] data = new byte[32768];
            new Random(3).nextBytes(data);
            var w = p.write(p.device(0), 16, data);
            assertThat(w.ok()).as(w.toString() + p.target.log()).isTrue();
            var r = p.read(p.device(0), 16, 32768);
            assertThat(r.completion().ok()).as(r.completion().toString()).isTrue();
            assertThat(r.data()).isEqualTo(data);
        }
    }
}
