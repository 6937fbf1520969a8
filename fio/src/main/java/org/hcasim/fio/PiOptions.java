package org.hcasim.fio;

import org.hcasim.block.PiControl;

/**
 * The block-integrity options, as fio's io_uring_cmd and SPDK engines name them: {@code pi_act}
 * (1: the device generates and strips PI, PRACT; 0: fio generates PI on write and checks it on read),
 * {@code pi_chk} (what the device checks: GUARD, REFTAG, APPTAG), {@code apptag}, {@code apptag_mask}
 * and {@code md_per_io_size} (size of the host metadata buffer per I/O; 0 = none).
 */
public record PiOptions(boolean act, boolean chkGuard, boolean chkRefTag, boolean chkAppTag, int appTag, int appTagMask,
                 long mdPerIoSize) {

    /** fio's defaults: pi_act=1, nothing checked, apptag 0x1234, mask 0xffff, no metadata buffer. */
    static final PiOptions DEFAULT = new PiOptions(true, false, false, false, 0x1234, 0xFFFF, 0);

    PiControl control() {
        return new PiControl(act, chkGuard, chkAppTag, chkRefTag, appTag, appTagMask);
    }

    boolean hostSuppliesPi() {
        return !act;
    }
}
