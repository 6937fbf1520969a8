package org.hcasim.core.hw;

/** Firmware commands whose latency the HCA profile gives ({@code hca.firmware.<key>-ns}). */
public enum FirmwareCommand {
    CREATE_MKEY,
    DESTROY_MKEY,
    CREATE_CQ,
    MODIFY_CQ,
    DESTROY_CQ,
    CREATE_QP,
    MODIFY_QP,
    DESTROY_QP,
    CREATE_SRQ,
    DESTROY_SRQ,
    CREATE_PSV,
    DESTROY_PSV;

    /** The kebab-case profile key, e.g. {@code create-mkey}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
