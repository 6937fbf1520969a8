package org.hcasim.core.verbs.translation;

import org.hcasim.verbs.PiMapping;

/**
 * The result of mapping a scatter list into a fast-registration MR: how many elements were mapped, the
 * region it defines and the descriptors a UMR must load.
 *
 * @param mapped        elements mapped (data + metadata for integrity); fewer than given = failure
 * @param iova          first byte of the region
 * @param length        region length (for MTT integrity mappings it spans the gap to the metadata)
 * @param translation   region -> host memory
 * @param descriptors   translation entries the UMR loads (pages or KLM entries; 0 for physical)
 * @param klm           true when the entries are 16-byte KLMs, false for 8-byte MTT entries
 * @param piMapping     how an integrity MR mapped (NONE otherwise)
 * @param dataLength    data bytes (integrity), else the length
 * @param piIova        address of the metadata in the region (integrity with metadata), else -1
 * @param metaLength    metadata bytes (integrity), else 0
 */
public record SgMapping(int mapped, long iova, long length, Translation translation, int descriptors, boolean klm,
                 PiMapping piMapping, long dataLength, long piIova, long metaLength) {

    public static SgMapping plain(int mapped, long iova, Translation translation, int descriptors, boolean klm) {
        return new SgMapping(mapped, iova, translation.length(), translation, descriptors, klm, PiMapping.NONE,
                translation.length(), -1, 0);
    }

    /** Bytes of the translation list a UMR carries: descriptors rounded up to 4, 8 (MTT) or 16 (KLM) each. */
    public int umrListBytes() {
        int rounded = (descriptors + 3) & ~3;
        return rounded * (klm ? 16 : 8);
    }
}
