package org.hcasim.block;

/**
 * What the device does with protection information for one request, as in the NVMe PRINFO field
 * (and fio's {@code pi_act}/{@code pi_chk}/{@code apptag}/{@code apptag_mask}).
 *
 * @param deviceGenerates PRACT: on write the device generates PI (the host sends none), on read it
 *     checks and strips it (the host gets none)
 * @param checkGuard check the CRC-16 guard
 * @param checkAppTag check the application tag against {@code appTag} under {@code appTagMask}
 * @param checkRefTag check the reference tag (type 1/2: low 32 bits of the LBA, +1 per block)
 * @param appTag the expected/generated application tag
 * @param appTagMask bits of the application tag that are checked
 */
public record PiControl(boolean deviceGenerates, boolean checkGuard, boolean checkAppTag, boolean checkRefTag,
                        int appTag, int appTagMask) {

    /** No PI handling (device without PI, or PI ignored). */
    public static final PiControl NONE = new PiControl(false, false, false, false, 0, 0);

    public PiControl {
        if (appTag < 0 || appTag > 0xFFFF) throw new IllegalArgumentException("appTag out of 16 bits: " + appTag);
        if (appTagMask < 0 || appTagMask > 0xFFFF) throw new IllegalArgumentException("appTagMask out of 16 bits: " + appTagMask);
    }

    public boolean checksAnything() {
        return checkGuard || checkAppTag || checkRefTag;
    }
}
