package org.hcasim.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class T10DifTest {

    @Test
    void guardMatchesTheCrc16T10DifCheckValues() {
        assertThat(crc("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0xD0DB);
        assertThat(crc("abc".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0x443B);
        assertThat(crc(new byte[512])).isEqualTo(0x0000);
        byte[] ones = new byte[512];
        Arrays.fill(ones, (byte) 0xFF);
        assertThat(crc(ones)).isEqualTo(0xE6A1);
    }

    @Test
    void guardEqualsTheBitwiseDefinitionAtEveryOffsetAndLength() {
        byte[] data = new byte[300];
        new java.util.SplittableRandom(7).nextBytes(data);
        for (int offset = 0; offset < 9; offset++) {
            for (int length = 0; offset + length <= data.length; length += 1 + length / 8) {
                assertThat(T10Dif.crc16(data, offset, length)).as("offset %d length %d", offset, length)
                        .isEqualTo(bitwiseCrc(data, offset, length));
            }
        }
    }

    /** CRC-16/T10-DIF one bit at a time, straight from its definition (poly 0x8BB7, init 0, not reflected). */
    private static int bitwiseCrc(byte[] data, int offset, int length) {
        int crc = 0;
        for (int i = offset; i < offset + length; i++) {
            crc ^= (data[i] & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? ((crc << 1) ^ 0x8BB7) & 0xFFFF : (crc << 1) & 0xFFFF;
            }
        }
        return crc;
    }

    @Test
    void generatedTupleIsGuardAppTagAndLbaRefTagBigEndian() {
        byte[] data = "123456789".getBytes(StandardCharsets.US_ASCII);
        byte[] block = Arrays.copyOf(data, 512);
        byte[] pi = new byte[8];
        T10Dif.generate(block, 0, 512, PiType.TYPE1, 0x1_0000_0005L, 0xBEEF, pi, 0);
        assertThat(T10Dif.get16(pi, 0)).isEqualTo(T10Dif.crc16(block, 0, 512));
        assertThat(pi[2]).isEqualTo((byte) 0xBE);
        assertThat(T10Dif.get32(pi, 4)).isEqualTo(5); // low 32 bits of the LBA
    }

    @Test
    void checkReportsGuardThenAppTagThenRefTagAndHonoursEscapes() {
        byte[] block = new byte[512];
        block[7] = 42;
        byte[] pi = new byte[8];
        T10Dif.generate(block, 0, 512, PiType.TYPE1, 100, 0x12, pi, 0);
        PiControl all = new PiControl(false, true, true, true, 0x12, 0xFFFF);
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE1, 100, all, pi, 0).ok()).isTrue();
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE1, 101, all, pi, 0).status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE3, 101, all, pi, 0).ok()).as("type 3 ignores ref tag").isTrue();
        PiControl otherApp = new PiControl(false, true, true, true, 0x13, 0xFFFF);
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE1, 100, otherApp, pi, 0).status()).isEqualTo(BlockStatus.APP_TAG_CHECK_ERROR);
        block[0] ^= 1;
        BlockCompletion bad = T10Dif.check(block, 0, 512, PiType.TYPE1, 100, all, pi, 0);
        assertThat(bad.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(bad.detail()).contains("lba 100");
        T10Dif.put16(pi, 2, 0xFFFF);
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE1, 100, all, pi, 0).ok()).as("app tag escape").isTrue();
        assertThat(T10Dif.check(block, 0, 512, PiType.TYPE3, 100, all, pi, 0).ok()).as("type 3 needs ref escape too").isFalse();
    }

    @Test
    void formatsParseAsDataPlusMetadata() {
        assertThat(BlockFormat.parse("4096+8", PiType.TYPE3)).isEqualTo(new BlockFormat(4096, 8, PiType.TYPE3));
        assertThat(BlockFormat.parse("512", PiType.TYPE1)).isEqualTo(BlockFormat.B512);
        assertThat(BlockFormat.parse("512+8", PiType.TYPE1).text()).isEqualTo("512+8");
    }

    private static int crc(byte[] b) {
        return T10Dif.crc16(b, 0, b.length);
    }
}
