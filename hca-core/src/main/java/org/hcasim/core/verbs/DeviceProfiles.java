package org.hcasim.core.verbs;

import java.util.EnumSet;
import org.hcasim.verbs.DeviceAttributes;
import org.hcasim.verbs.DeviceCapability;

/** Device attributes of the modelled HCAs (what ibv_devinfo -v reports on them). */
public final class DeviceProfiles {
    private DeviceProfiles() {
    }

    /**
     * ConnectX-5 (mlx5_ib): 30 SGEs per WR (max_sge), 32K WRs per queue, 4M CQEs, 2^30-byte messages
     * (log_max_msg = 30), fast-registration lists of 64K entries and half of that for integrity MRs
     * (mlx5 sets max_pi_fast_reg_page_list_len to half), one completion vector per core.
     */
    public static DeviceAttributes connectX5(int completionVectors) {
        return new DeviceAttributes(262_144, 32_768, 30, 30, 16_777_216, 4_194_303, 16_777_216,
                Long.MAX_VALUE, 16_777_216, 65_536, 32_768, 8_388_608, 32_767, 31, 512, 1L << 30,
                completionVectors, EnumSet.allOf(DeviceCapability.class));
    }
}
