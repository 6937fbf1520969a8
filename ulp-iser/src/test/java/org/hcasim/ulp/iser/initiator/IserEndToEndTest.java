package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.block.BlockDevice;
import org.hcasim.ulp.iser.IserPair;
import org.junit.jupiter.api.Test;

class IserEndToEndTest {

    @Test
    void discovery_lists_one_target_per_lun_and_each_session_exposes_one_disk() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 8), IserPair.ram("ns2", 16));
        assertThat(p.connect()).isNull();
        assertThat(p.initiator.devices()).extracting(BlockDevice::name).containsExactly("sda", "sdb");
        assertThat(p.device(0).capacityBytes()).isEqualTo(8L << 20);
        assertThat(p.device(1).capacityBytes()).isEqualTo(16L << 20);
    }

    @Test
    void data_written_through_one_disk_reads_back_byte_for_byte() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        byte[] small = IserPair.random(4096, 1);
        byte[] large = IserPair.random(65_536, 2);
        assertThat(p.write(p.device(0), 8, small).ok()).isTrue();
        assertThat(p.write(p.device(0), 64, large).ok()).isTrue();
        assertThat(p.read(p.device(0), 8, 4096).data()).isEqualTo(small);
        assertThat(p.read(p.device(0), 64, 65_536).data()).isEqualTo(large);
    }
}
