package org.hcasim.ulp.iser.initiator;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;

/**
 * The block layer's integrity profile of one disk, as sd registers it for a host that offers DIX (sd_dif_config_host)
 * and as block/t10-pi.c generates and verifies it: T10-DIF-TYPE1-IP (also for types 0 and 2) or T10-DIF-TYPE3-IP,
 * the guard being the IP checksum because ib_iser offers that guard (SHOST_DIX_GUARD_IP). Generation: guard over
 * each block, application tag 0, reference tag the LBA's low 32 bits (type 3: 0). Verification (t10_pi_verify):
 * types 0-2 skip a block whose application tag is 0xffff, check the reference tag, then the guard; type 3 skips a
 * block whose application and reference tags are all ones, then checks the guard.
 */
final class BlockIntegrity {
    static final int TUPLE = 8;

    private final String disk;
    private final PiType type;

    /** {@code type}: the LUN's PI type, NONE for DIX type 0 (PI in memory only). */
    BlockIntegrity(String disk, PiType type) {
        this.disk = disk;
        this.type = type;
    }

    /** The profile's name as /sys/block/sdX/integrity/format shows it. */
    String format() {
        return type == PiType.TYPE3 ? "T10-DIF-TYPE3-IP" : "T10-DIF-TYPE1-IP";
    }

    /** Writes the tuples of {@code blocks} blocks of {@code data} starting at {@code lba} into {@code pi}. */
    void generate(byte[] data, int blockSize, int blocks, long lba, byte[] pi) {
        for (int i = 0; i < blocks; i++) {
            T10Dif.put16(pi, i * TUPLE, T10Dif.ipChecksum(data, i * blockSize, blockSize));
            T10Dif.put16(pi, i * TUPLE + 2, 0);
            T10Dif.put32(pi, i * TUPLE + 4, type == PiType.TYPE3 ? 0 : (int) (lba + i));
        }
    }

    /** Verifies the tuples; the first bad block is a protection error worded as t10_pi_verify logs it. */
    BlockCompletion verify(byte[] data, int blockSize, int blocks, long lba, byte[] pi) {
        for (int i = 0; i < blocks; i++) {
            int app = T10Dif.get16(pi, i * TUPLE + 2);
            int ref = T10Dif.get32(pi, i * TUPLE + 4);
            long sector = lba + i;
            if (type == PiType.TYPE3) {
                if (app == 0xFFFF && ref == 0xFFFF_FFFF) {
                    continue;
                }
            } else {
                if (app == 0xFFFF) {
                    continue;
                }
                if (ref != (int) sector) {
                    return BlockCompletion.error(BlockStatus.REF_TAG_CHECK_ERROR, String.format(
                            "%s: ref tag error at location %d (rcvd %d)", disk, sector, ref & 0xFFFF_FFFFL));
                }
            }
            int guard = T10Dif.get16(pi, i * TUPLE);
            int want = T10Dif.ipChecksum(data, i * blockSize, blockSize);
            if (guard != want) {
                return BlockCompletion.error(BlockStatus.GUARD_CHECK_ERROR, String.format(
                        "%s: guard tag error at sector %d (rcvd %04x, want %04x)", disk, sector, guard, want));
            }
        }
        return BlockCompletion.SUCCESS;
    }
}
