package org.hcasim.verbs;

/** The protection format of one side (memory or wire) of an integrity MR. */
public sealed interface SignatureDomain {

    /** No protection information in this domain. */
    record None() implements SignatureDomain {
    }

    /**
     * T10-DIF: 8 bytes {guard, app tag, ref tag} per {@code pi interval} bytes of data.
     *
     * @param guard         guard algorithm
     * @param piInterval    512 or 4096 data bytes per tuple
     * @param bgSeed        initial guard value (0 for T10 CRC)
     * @param appTag        application tag to insert/check
     * @param refTag        reference tag of the first interval (low 32 bits of the LBA for types 1/2)
     * @param refRemap      increment the reference tag by one per interval (types 1/2)
     * @param appEscape     skip the check of an interval whose app tag is 0xFFFF
     * @param refEscape     with appEscape: skip only when the ref tag is also 0xFFFFFFFF (type 3)
     * @param appTagCheckMask bits of the app tag that are checked
     */
    record T10Dif(T10DifGuard guard, int piInterval, int bgSeed, int appTag, long refTag,
                  boolean refRemap, boolean appEscape, boolean refEscape, int appTagCheckMask)
            implements SignatureDomain {
        public T10Dif {
            if (piInterval != 512 && piInterval != 4096) {
                throw new VerbsException(Errno.EINVAL, "T10-DIF protection interval " + piInterval
                        + " is not supported; use 512 or 4096");
            }
        }

        /** DIF type 1 with CRC guard: reference tag = low 32 bits of {@code lba}, incremented per interval. */
        public static T10Dif type1(int piInterval, long lba) {
            return new T10Dif(T10DifGuard.CRC, piInterval, 0, 0, lba & 0xFFFF_FFFFL, true, true, false, 0xFFFF);
        }
    }

    SignatureDomain NONE = new None();
}
