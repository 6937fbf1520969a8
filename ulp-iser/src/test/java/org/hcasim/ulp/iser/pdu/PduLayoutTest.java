package org.hcasim.ulp.iser.pdu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The bytes of the PDUs and headers at the offsets RFC 7143 and RFC 7145 give them. */
class PduLayoutTest {

    @Test
    void the_iser_header_is_flags_then_write_stag_and_va_then_read_stag_and_va_big_endian() {
        byte[] b = IserHeader.forCommand(true, 0x0102_0304, 0x1112_1314_1516_1718L, true, 0x2122_2324,
                0x3132_3334_3536_3738L).bytes();
        assertThat(b).hasSize(28);
        assertThat(b[0] & 0xFF).isEqualTo(0x10 | 0x08 | 0x04);
        assertThat(b[4]).isEqualTo((byte) 0x01);
        assertThat(b[7]).isEqualTo((byte) 0x04);
        assertThat(b[8]).isEqualTo((byte) 0x11);
        assertThat(b[15]).isEqualTo((byte) 0x18);
        assertThat(b[16]).isEqualTo((byte) 0x21);
        assertThat(b[20]).isEqualTo((byte) 0x31);
        assertThat(b[27]).isEqualTo((byte) 0x38);
        assertThat(IserHeader.control().bytes()).containsExactly(0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void a_header_that_is_not_an_iscsi_control_pdu_or_names_an_stag_without_its_flag_is_refused() {
        byte[] hello = IserHeader.control().bytes();
        hello[0] = 0x20; // iSER Hello
        assertThatThrownBy(() -> IserHeader.decode(hello, 0)).hasMessageContaining("control-type");
        byte[] stray = IserHeader.control().bytes();
        stray[7] = 5;
        assertThatThrownBy(() -> IserHeader.decode(stray, 0)).hasMessageContaining("valid flag");
    }

    @Test
    void a_scsi_command_carries_flags_lun_itt_edtl_cmdsn_and_the_cdb_at_their_offsets() {
        byte[] cdb = new byte[16];
        cdb[0] = (byte) 0x8A;
        byte[] b = new ScsiCommand(false, true, false, true, ScsiCommand.SIMPLE, 0, 0x0A0B_0C0D, 33_280, 7, 9, cdb, 520).encode();
        assertThat(b[0]).isEqualTo((byte) 0x01);
        assertThat(b[1] & 0xFF).isEqualTo(0x80 | 0x20 | 1);
        assertThat(BigEndian.get24(b, 5)).isEqualTo(520);
        assertThat(BigEndian.get32(b, 16)).isEqualTo(0x0A0B_0C0D);
        assertThat(BigEndian.get32(b, 20)).isEqualTo(33_280);
        assertThat(BigEndian.get32(b, 24)).isEqualTo(7);
        assertThat(BigEndian.get32(b, 28)).isEqualTo(9);
        assertThat(b[32] & 0xFF).isEqualTo(0x8A);
    }

    @Test
    void a_login_request_is_immediate_with_stages_in_byte_1_and_nul_terminated_keys() {
        TextParameters keys = TextParameters.of("InitiatorName", "iqn.2005-03.org.open-iscsi:initiator", "AuthMethod", "None");
        byte[] b = new LoginRequest(true, false, 0, 1, 0, 0, 0x0002_3D00_0001L, 0, 0, 0, 1, 0, keys).encode();
        assertThat(b[0] & 0xFF).isEqualTo(0x43);
        assertThat(b[1] & 0xFF).isEqualTo(0x81); // T, CSG 0, NSG 1
        assertThat(b[8]).isEqualTo((byte) 0x00);
        assertThat(b[9]).isEqualTo((byte) 0x02);
        assertThat(b[10]).isEqualTo((byte) 0x3D);
        assertThat(b[13]).isEqualTo((byte) 0x01);
        assertThat(new String(b, 48, b.length - 48, StandardCharsets.UTF_8))
                .isEqualTo("InitiatorName=iqn.2005-03.org.open-iscsi:initiator\0AuthMethod=None\0");
        assertThat(BigEndian.get24(b, 5)).isEqualTo(b.length - 48);
    }

    @Test
    void a_login_transit_must_move_forward_to_the_operational_or_full_feature_stage() {
        assertThatThrownBy(() -> new LoginRequest(true, false, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, TextParameters.of()))
                .hasMessageContaining("forward");
        assertThatThrownBy(() -> new LoginRequest(true, false, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, TextParameters.of()))
                .hasMessageContaining("forward");
    }

    @Test
    void a_scsi_response_with_check_condition_carries_the_sense_length_then_the_sense() {
        byte[] sense = {0x70, 0, 0x0B};
        byte[] b = new ScsiResponse(0, 0, ScsiResponse.CHECK_CONDITION, 5, 10, 11, 74, 0, sense).encode();
        assertThat(b[0]).isEqualTo((byte) 0x21);
        assertThat(b[1] & 0xFF).isEqualTo(0x80);
        assertThat(b[3]).isEqualTo((byte) 0x02);
        assertThat(BigEndian.get24(b, 5)).isEqualTo(5);
        assertThat(BigEndian.get32(b, 24)).isEqualTo(10);
        assertThat(BigEndian.get32(b, 28)).isEqualTo(11);
        assertThat(BigEndian.get32(b, 32)).isEqualTo(74);
        assertThat(BigEndian.get16(b, 48)).isEqualTo(3);
        assertThat(b[52]).isEqualTo((byte) 0x0B);
    }

    @Test
    void text_without_a_final_nul_or_a_pair_without_equals_is_refused() {
        byte[] noNul = "A=1".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TextParameters.decode(noNul, 0, noNul.length)).hasMessageContaining("NUL");
        byte[] noEquals = "A\0".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TextParameters.decode(noEquals, 0, noEquals.length)).hasMessageContaining("'='");
    }

    @Test
    void the_iser_cm_header_is_one_flags_byte_and_three_reserved() {
        assertThat(new IserCmHeader(true, true).encode()).containsExactly(0xC0, 0, 0, 0);
        assertThatThrownBy(() -> IserCmHeader.decode(new byte[] {1, 0, 0, 0})).hasMessageContaining("reserved");
        assertThatThrownBy(() -> IserCmHeader.decode(new byte[2])).hasMessageContaining("4");
    }

    @Test
    void a_nop_out_ping_is_immediate_with_its_task_tag_a_reserved_ttt_and_the_cmdsn_and_a_nop_in_answers_it() {
        byte[] out = new NopOut(0x80, NopOut.RESERVED_TAG, 42, 17).encode();
        assertThat(out).hasSize(Pdu.BHS_BYTES);
        assertThat(out[0] & 0xFF).isEqualTo(0x40); // immediate, opcode 0x00
        assertThat(out[1] & 0xFF).isEqualTo(0x80);
        assertThat(BigEndian.get24(out, 5)).isZero(); // no ping data
        assertThat(BigEndian.get32(out, 16)).isEqualTo(0x80);
        assertThat(BigEndian.get32(out, 20)).isEqualTo(0xFFFF_FFFF);
        assertThat(BigEndian.get32(out, 24)).isEqualTo(42);
        assertThat(BigEndian.get32(out, 28)).isEqualTo(17);
        assertThat(Pdu.decode(out, 0, out.length)).isEqualTo(new NopOut(0x80, NopOut.RESERVED_TAG, 42, 17));

        byte[] in = new NopIn(0x80, NopOut.RESERVED_TAG, 5, 43, 106).encode();
        assertThat(in[0] & 0xFF).isEqualTo(0x20);
        assertThat(in[1] & 0xFF).isEqualTo(0x80);
        assertThat(BigEndian.get32(in, 16)).isEqualTo(0x80);
        assertThat(BigEndian.get32(in, 20)).isEqualTo(0xFFFF_FFFF);
        assertThat(BigEndian.get32(in, 24)).isEqualTo(5);
        assertThat(BigEndian.get32(in, 28)).isEqualTo(43);
        assertThat(BigEndian.get32(in, 32)).isEqualTo(106);
        assertThat(Pdu.decode(in, 0, in.length)).isEqualTo(new NopIn(0x80, NopOut.RESERVED_TAG, 5, 43, 106));
    }
}
