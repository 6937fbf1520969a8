package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockStatus;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.pdu.ScsiResponse;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.verbs.ScatterEntry;
import org.junit.jupiter.api.Test;

/** What the LIO target answers to commands it cannot serve: CHECK CONDITION with ILLEGAL REQUEST sense. */
class TargetCommandsTest {

    private static IserPair connected() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 1));
        assertThat(p.connect()).isNull();
        return p;
    }

    private static ScsiResult read(IserPair p, Cdb cdb, int bytes) {
        SessionTasks s = new SessionTasks(p);
        return s.run(0, cdb, true, false, List.of(new ScatterEntry(s.buffer(new byte[bytes]), bytes)), List.of(),
                ScsiProtection.NONE, 0, 512);
    }

    @Test
    void an_opcode_the_target_does_not_implement_gets_invalid_command_operation_code() {
        ScsiResult r = read(connected(), new Cdb.Unsupported(0x28, 0), 512); // READ(10)
        assertThat(r.status()).isEqualTo(ScsiResponse.CHECK_CONDITION);
        assertThat(r.sense()).isEqualTo(SenseData.invalidOpcode());
    }

    @Test
    void a_read_beyond_the_lun_gets_lba_out_of_range_which_the_block_layer_reports_as_eremoteio() {
        IserPair p = connected();
        ScsiResult r = read(p, new Cdb.ReadWrite16(false, 0, false, false, 2047, 2), 1024);
        assertThat(r.sense()).isEqualTo(SenseData.lbaOutOfRange());
        BlockCompletion c = ((ScsiDisk) p.device(0)).toBlock(r);
        assertThat(c.status()).isEqualTo(BlockStatus.LBA_OUT_OF_RANGE);
        assertThat(c.status().errno()).isEqualTo(121);
    }

    @Test
    void a_protect_field_on_a_lun_without_pi_or_a_transfer_length_that_does_not_match_the_cdb_is_an_invalid_field() {
        IserPair p = connected();
        assertThat(read(p, new Cdb.ReadWrite16(false, 1, false, false, 0, 1), 512).sense())
                .isEqualTo(SenseData.invalidFieldInCdb());
        assertThat(read(p, new Cdb.ReadWrite16(false, 0, false, false, 0, 2), 512).sense())
                .isEqualTo(SenseData.invalidFieldInCdb());
    }

    @Test
    void inquiry_and_read_capacity_describe_the_lun_and_short_buffers_get_a_residual() {
        IserPair p = connected();
        assertThat(read(p, new Cdb.Inquiry(false, 0, 36), 36).ok()).isTrue();
        assertThat(read(p, new Cdb.Inquiry(false, 0, 8), 8).ok()).as("allocation length shorter than the data").isTrue();
        assertThat(p.device(0).capacityBlocks()).isEqualTo(2048);
        assertThat(p.device(0).format().blockSize()).isEqualTo(512);
    }

    @Test
    void the_disk_refuses_io_beyond_its_end_before_sending_it() {
        IserPair p = connected();
        BlockCompletion c = p.write(p.device(0), 2047, new byte[1024]);
        assertThat(c.status()).isEqualTo(BlockStatus.IO_ERROR);
        assertThat(c.detail()).contains("beyond end of device");
    }
}
