package org.hcasim.core.verbs;

import java.util.EnumSet;
import org.hcasim.verbs.DeviceAttributes;
import org.hcasim.verbs.DeviceCapability;

/** Device attributes of the modelled HCAs (what ibv_devinfo -v reports on them). */
public final class DeviceProfiles {
    private DeviceProfiles() {
    }

    /**
     * The verbs limits of the HCA an HCA profile names: {@code connectx3} is an mlx4 device, every other
     * profile (connectx4, connectx5) an mlx5 device.
     */
    public static DeviceAttributes forHca(String profileName, int completionVectors) {
        return "connectx3".equals(profileName) ? connectX3(completionVectors) : connectX5(completionVectors);
    }

    /**
     * ConnectX-3 (mlx4_ib): 32 SGEs, 16K WRs per queue, fast registration of at most 511 pages
     * (MLX4_MAX_FAST_REG_PAGES), no SG_GAPS (KLM) and no integrity offload.
     */
    public static DeviceAttributes connectX3(int completionVectors) {
        return new DeviceAttributes(131_072, 16_351, 32, 32, 65_536, 4_194_303, 524_288, Long.MAX_VALUE, 32_764,
                511, 0, 65_536, 16_383, 31, 512, 1L << 30, completionVectors,
                EnumSet.of(DeviceCapability.MEM_MGT_EXTENSIONS, DeviceCapability.SRQ, DeviceCapability.REMOTE_INVALIDATE));
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
