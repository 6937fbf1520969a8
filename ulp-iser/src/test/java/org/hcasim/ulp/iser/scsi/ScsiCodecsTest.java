package org.hcasim.ulp.iser.scsi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.hcasim.block.PiType;
import org.hcasim.ulp.iser.pdu.BigEndian;
import org.junit.jupiter.api.Test;

/** CDBs, sense data, INQUIRY and READ CAPACITY(16) data as SBC-3 and SPC-4 lay them out. */
class ScsiCodecsTest {

    @Test
    void write16_puts_wrprotect_in_the_top_three_bits_of_byte_1_then_the_lba_and_block_count() {
        byte[] b = new Cdb.ReadWrite16(true, 1, false, false, 0x0102_0304_0506_0708L, 64).encode();
        assertThat(b[0] & 0xFF).isEqualTo(0x8A);
        assertThat(b[1] & 0xFF).isEqualTo(0x20); // WRPROTECT 001b
        assertThat(BigEndian.get64(b, 2)).isEqualTo(0x0102_0304_0506_0708L);
        assertThat(BigEndian.get32(b, 10)).isEqualTo(64);
        assertThat(new Cdb.ReadWrite16(false, 0, false, false, 0, 1).encode()[0] & 0xFF).isEqualTo(0x88);
    }

    @Property
    void read_write16_round_trips(@ForAll boolean write, @ForAll @IntRange(min = 0, max = 7) int protect,
                                  @ForAll boolean dpo, @ForAll boolean fua, @ForAll long lba,
                                  @ForAll @IntRange(min = 0) int blocks) {
        Cdb c = new Cdb.ReadWrite16(write, protect, dpo, fua, lba, blocks);
        assertThat(Cdb.decode(c.encode())).isEqualTo(c);
    }

    @Property
    void inquiry_and_read_capacity16_round_trip(@ForAll boolean evpd, @ForAll @IntRange(min = 0, max = 255) int page,
                                                @ForAll @IntRange(min = 0, max = 0xFFFF) int alloc) {
        Cdb q = new Cdb.Inquiry(evpd, page, alloc);
        Cdb c = new Cdb.ReadCapacity16(alloc);
        assertThat(Cdb.decode(q.encode())).isEqualTo(q);
        assertThat(Cdb.decode(c.encode())).isEqualTo(c);
    }

    @Test
    void other_opcodes_decode_as_unsupported() {
        byte[] b = new byte[16];
        b[0] = 0x2A; // WRITE(10)
        assertThat(Cdb.decode(b)).isEqualTo(new Cdb.Unsupported(0x2A, 0));
    }

    @Test
    void fixed_format_sense_holds_key_information_asc_and_ascq_at_their_offsets() {
        byte[] b = SenseData.protection(SenseData.ASCQ_REF_TAG, 0x1234).encode();
        assertThat(b).hasSize(18);
        assertThat(b[0] & 0xFF).isEqualTo(0xF0); // valid, current, fixed
        assertThat(b[2]).isEqualTo((byte) 0x0B);
        assertThat(BigEndian.get32(b, 3)).isEqualTo(0x1234);
        assertThat(b[7]).isEqualTo((byte) 10);
        assertThat(b[12]).isEqualTo((byte) 0x10);
        assertThat(b[13]).isEqualTo((byte) 0x03);
        assertThat(SenseData.decode(b)).isEqualTo(SenseData.protection(3, 0x1234));
        assertThat(SenseData.decode(b).describe()).contains("Aborted Command", "reference tag check failed", "lba 4660");
    }

    @Property
    void sense_data_round_trips(@ForAll @IntRange(min = 0, max = 15) int key, @ForAll @IntRange(min = 0, max = 255) int asc,
                                @ForAll @IntRange(min = 0, max = 255) int ascq,
                                @ForAll @LongRange(min = -1, max = 0xFFFF_FFFFL) long info) {
        SenseData s = new SenseData(key, asc, ascq, info);
        assertThat(SenseData.decode(s.encode())).isEqualTo(s);
    }

    @Test
    void descriptor_format_sense_is_refused() {
        byte[] b = new byte[18];
        b[0] = 0x72;
        assertThatThrownBy(() -> SenseData.decode(b)).hasMessageContaining("fixed format");
    }

    @Test
    void inquiry_data_says_protect_in_byte_5_and_read_capacity16_the_pi_type_in_byte_12() {
        byte[] inq = new InquiryData(true, "LIO-ORG", "RAMDISK-MCP", "4.0").encode();
        assertThat(inq[5] & 1).isEqualTo(1);
        assertThat(new String(inq, 8, 8, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("LIO-ORG ");
        assertThat(InquiryData.decode(inq)).isEqualTo(new InquiryData(true, "LIO-ORG", "RAMDISK-MCP", "4.0"));
        for (PiType t : PiType.values()) {
            byte[] cap = new ReadCapacity16Data(2047, 512, t).encode();
            assertThat(cap[12] & 0xFF).isEqualTo(t == PiType.NONE ? 0 : (t.ordinal() - 1) << 1 | 1);
            assertThat(ReadCapacity16Data.decode(cap)).isEqualTo(new ReadCapacity16Data(2047, 512, t));
        }
    }
}
