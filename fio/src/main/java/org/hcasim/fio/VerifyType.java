package org.hcasim.fio;

/** Supported {@code verify=} methods: a fio-like header with a checksum of the block, or a plain pattern. */
public enum VerifyType {
    NONE("0", 0),
    CRC32C("crc32c", 4),
    CRC32("crc32", 4),
    MD5("md5", 16),
    SHA1("sha1", 20),
    SHA256("sha256", 32),
    PATTERN("pattern", 0);

    final String fioName;
    final int checksumBytes;

    VerifyType(String fioName, int checksumBytes) {
        this.fioName = fioName;
        this.checksumBytes = checksumBytes;
    }

    static VerifyType parse(String s) {
        return switch (s) {
            case "0", "null", "none" -> NONE;
            case "crc32c", "crc32c-intel" -> CRC32C;
            case "crc32" -> CRC32;
            case "md5" -> MD5;
            case "sha1" -> SHA1;
            case "sha256" -> SHA256;
            case "pattern" -> PATTERN;
            case "crc64", "crc16", "crc7", "xxhash", "sha512", "sha3-224", "sha3-256", "sha3-384", "sha3-512", "meta", "sha224", "sha384" ->
                    throw new IllegalArgumentException("fio verify=" + s + " is not supported by hcasim (supported: crc32c, crc32, md5, sha1, sha256, pattern)");
            default -> throw new IllegalArgumentException("unknown verify '" + s + "' (crc32c, crc32, md5, sha1, sha256, pattern)");
        };
    }
}
