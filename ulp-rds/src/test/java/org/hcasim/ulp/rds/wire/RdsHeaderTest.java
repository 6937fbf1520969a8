package org.hcasim.ulp.rds.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The 48-byte RDS header: its layout, byte order, checksum and round trip. */
class RdsHeaderTest {

    @Test
    void the_fields_sit_at_the_offsets_of_struct_rds_header_big_endian() {
        byte[] b = RdsHeader.of(0x0102030405060708L, 0x1112131415161718L, 8448, 0x2122, 0x3132,
                RdsHeader.FLAG_ACK_REQUIRED, 7).encode();

        assertThat(b).hasSize(48);
        assertThat(slice(b, 0, 8)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(slice(b, 8, 8)).containsExactly(0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18);
        assertThat(slice(b, 16, 4)).containsExactly(0, 0, 0x21, 0x00); // 8448 = 0x2100
        assertThat(slice(b, 20, 4)).containsExactly(0x21, 0x22, 0x31, 0x32);
        assertThat(b[24]).isEqualTo((byte) 0x02);
        assertThat(b[25]).isEqualTo((byte) 7);
        assertThat(slice(b, 26, 4)).containsExactly(0, 0, 0, 0);
        assertThat(slice(b, 32, 16)).containsOnly(0);
    }

    @Test
    void the_checksum_is_the_ip_checksum_of_the_header_so_the_whole_header_sums_to_zero() {
        byte[] b = RdsHeader.of(5, 4, 256, 4000, 5000, 0, 0).encode();
        int sum = 0;
        for (int i = 0; i < 48; i += 2) {
            sum += ((b[i] & 0xFF) << 8) | (b[i + 1] & 0xFF);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        assertThat(sum).isEqualTo(0xFFFF);
        assertThat(((b[30] & 0xFF) << 8) | (b[31] & 0xFF)).isNotZero();
    }

    @Test
    void a_corrupted_header_fails_its_checksum() {
        byte[] b = RdsHeader.of(5, 4, 256, 4000, 5000, 0, 0).encode();
        b[17] ^= 0x40;
        assertThatThrownBy(() -> RdsHeader.decode(b, 0)).hasMessageContaining("checksum");
    }

    @Test
    void a_header_without_checksum_is_accepted_as_rds_does() {
        byte[] b = RdsHeader.of(5, 4, 256, 4000, 5000, 0, 0).encode();
        b[30] = 0;
        b[31] = 0;
        assertThat(RdsHeader.decode(b, 0).length()).isEqualTo(256);
    }

    @Test
    void a_bare_ack_has_no_ports_and_no_data() {
        RdsHeader ack = RdsHeader.decode(RdsHeader.bareAck(99, 16).encode(), 0);
        assertThat(ack.isBareAck()).isTrue();
        assertThat(ack.ack()).isEqualTo(99);
        assertThat(ack.credit()).isEqualTo(16);
        assertThat(RdsHeader.of(1, 0, 0, 4000, 5000, 0, 0).isBareAck()).as("an empty datagram").isFalse();
    }

    @Property
    void every_header_round_trips_through_its_bytes(@ForAll long sequence, @ForAll long ack,
            @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int length,
            @ForAll @IntRange(min = 0, max = 0xFFFF) int sport, @ForAll @IntRange(min = 0, max = 0xFFFF) int dport,
            @ForAll @IntRange(min = 0, max = 0xFF) int flags, @ForAll @IntRange(min = 0, max = 0xFF) int credit,
            @ForAll @Size(16) byte[] extension) {
        RdsHeader h = new RdsHeader(sequence, ack, length, sport, dport, flags, credit, extension);
        byte[] b = new byte[60];
        h.encodeInto(b, 7);
        assertThat(RdsHeader.decode(b, 7)).isEqualTo(h);
    }

    @Property
    void connect_private_data_round_trips(@ForAll @IntRange(min = 0, max = 1023) int path,
                                          @ForAll @IntRange(min = 0, max = 65_536) int credit,
                                          @ForAll @LongRange(min = 0) long ack) {
        ConnectPrivateData d = new ConnectPrivateData(4, 1, path, ack, credit);
        byte[] b = d.encode();
        assertThat(b).hasSize(ConnectPrivateData.BYTES);
        assertThat(ConnectPrivateData.decode(b)).isEqualTo(d);
    }

    private static int[] slice(byte[] b, int from, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = b[from + i] & 0xFF;
        }
        return out;
    }
}
