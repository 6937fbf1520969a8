package org.hcasim.ulp.nvmeof.capsule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NvmeCommandTest {

    @Test
    void read_command_puts_every_field_at_its_nvme_offset() {
        SglDescriptor sgl = SglDescriptor.keyed(0x7000, 4096, 0x1234_5601, true);
        byte[] b = NvmeCommand.io(false, 0x0102, 1, 0x0000_0001_0000_0008L, 8, sgl).bytes();
        assertThat(b).hasSize(64);
        assertThat(b[0]).isEqualTo((byte) 0x02);               // opcode read
        assertThat(b[1]).isEqualTo((byte) 0x40);               // PSDT: SGL
        assertThat(b[2]).isEqualTo((byte) 0x02);               // command id LE
        assertThat(b[3]).isEqualTo((byte) 0x01);
        assertThat(b[4]).isEqualTo((byte) 1);                  // nsid
        assertThat(b[24]).isEqualTo((byte) 0x00);              // SGL address LE at 24
        assertThat(b[25]).isEqualTo((byte) 0x70);
        assertThat(b[39] & 0xFF).isEqualTo(0x4F);              // SGL type byte
        assertThat(b[40]).isEqualTo((byte) 0x08);              // SLBA LE at 40
        assertThat(b[44]).isEqualTo((byte) 0x01);
        assertThat(b[48]).isEqualTo((byte) 7);                 // NLB is 0-based
        NvmeCommand c = NvmeCommand.decode(b, 0);
        assertThat(c.opcode()).isEqualTo(NvmeCommand.OPC_READ);
        assertThat(c.commandId()).isEqualTo(0x0102);
        assertThat(c.slba()).isEqualTo(0x0000_0001_0000_0008L);
        assertThat(c.blocks()).isEqualTo(8);
        assertThat(c.dptr()).isEqualTo(sgl);
    }

    @Test
    void protection_information_sits_in_cdw12_bits_29_to_26_and_cdw14_15_beside_the_block_count() {
        SglDescriptor sgl = SglDescriptor.keyed(0x9000, 8 * 520, 0x77, false);
        ProtectionInfo pi = new ProtectionInfo(true, true, false, true, 0xA1B2_C3D4, 0xBEEF, 0x0FF0);
        byte[] b = NvmeCommand.io(true, 3, 1, 0xA1B2_C3D4L, 8, sgl, pi).bytes();
        assertThat(b[48]).isEqualTo((byte) 7);                  // NLB untouched
        assertThat(b[49]).isEqualTo((byte) 0);
        assertThat(b[51] & 0xFF).isEqualTo(0x34);              // PRACT (29) | guard (28) | reftag (26)
        assertThat(b[56] & 0xFF).isEqualTo(0xD4);              // CDW14 = EILBRT, little-endian
        assertThat(b[59] & 0xFF).isEqualTo(0xA1);
        assertThat(b[60] & 0xFF).isEqualTo(0xEF);              // CDW15 low half: application tag
        assertThat(b[61] & 0xFF).isEqualTo(0xBE);
        assertThat(b[62] & 0xFF).isEqualTo(0xF0);              // high half: its mask
        assertThat(b[63] & 0xFF).isEqualTo(0x0F);
        NvmeCommand c = NvmeCommand.decode(b, 0);
        assertThat(c.protection()).isEqualTo(pi);
        assertThat(c.blocks()).isEqualTo(8);
        assertThat(NvmeCommand.decode(NvmeCommand.io(false, 3, 1, 0, 8, sgl).bytes(), 0).protection())
                .isEqualTo(ProtectionInfo.NONE);
    }

    @Test
    void connect_command_is_a_fabrics_command_with_queue_id_and_zero_based_size() {
        byte[] b = NvmeCommand.connect(7, 3, 127, 0, SglDescriptor.inCapsule(1024)).bytes();
        assertThat(b[0] & 0xFF).isEqualTo(0x7F);
        assertThat(b[4]).isEqualTo((byte) 0x01);
        assertThat(b[42]).isEqualTo((byte) 3);
        assertThat(b[44]).isEqualTo((byte) 127);
        NvmeCommand c = NvmeCommand.decode(b, 0);
        assertThat(c.isFabrics()).isTrue();
        assertThat(c.connectQid()).isEqualTo(3);
        assertThat(c.connectSqsize()).isEqualTo(127);
    }

    @Test
    void completion_entry_is_16_bytes_with_status_above_the_phase_bit() {
        NvmeCompletion lbaRange = new NvmeCompletion(0, 5, 2, 0x0304, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_LBA_RANGE);
        byte[] b = lbaRange.bytes();
        assertThat(b).hasSize(16);
        assertThat(b[8]).isEqualTo((byte) 5);                  // SQ head
        assertThat(b[10]).isEqualTo((byte) 2);                 // SQ id
        assertThat(b[12]).isEqualTo((byte) 0x04);              // command id LE
        assertThat(b[13]).isEqualTo((byte) 0x03);
        assertThat(b[14] & 0xFF).isEqualTo(0x00);              // 0x80 << 1 = 0x100
        assertThat(b[15] & 0xFF).isEqualTo(0x01);
        assertThat(NvmeCompletion.decode(b, 0)).isEqualTo(lbaRange);
        assertThat(NvmeCompletion.decode(NvmeCompletion.success(9, 1, 0, 42).bytes(), 0).ok()).isTrue();
    }

    @Test
    void connect_private_data_carries_queue_id_and_sizes() {
        byte[] req = new ConnectPrivateData.Request(4, 128, 127, 1).encode();
        assertThat(req).hasSize(32);
        assertThat(req[0]).isZero();
        assertThat(req[2]).isEqualTo((byte) 4);
        assertThat(req[4]).isEqualTo((byte) 128);
        assertThat(req[6]).isEqualTo((byte) 127);
        assertThat(req[8]).isEqualTo((byte) 1);
        assertThat(ConnectPrivateData.Request.decode(req)).isEqualTo(new ConnectPrivateData.Request(4, 128, 127, 1));
        assertThat(ConnectPrivateData.Accept.decode(new ConnectPrivateData.Accept(128).encode()).crqsize()).isEqualTo(128);
    }

    @Test
    void identify_data_round_trips_what_the_host_needs() {
        var ctrl = new IdentifyData.Controller(3, 2, 4096);
        byte[] b = ctrl.encode();
        assertThat((b[1792] & 0xFF) | (b[1793] & 0xFF) << 8).isEqualTo((64 + 4096) / 16);
        assertThat(IdentifyData.Controller.decode(b)).isEqualTo(ctrl);
        var ns = new IdentifyData.Namespace(1 << 21, org.hcasim.block.BlockFormat.B4096);
        assertThat(IdentifyData.Namespace.decode(ns.encode())).isEqualTo(ns);
    }
}
