package org.hcasim.ulp.iser.scsi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.ulp.iser.scsi.ScsiProtection.GUARD_CHECK;
import static org.hcasim.ulp.iser.scsi.ScsiProtection.IP_CHECKSUM;
import static org.hcasim.ulp.iser.scsi.ScsiProtection.REF_CHECK;
import static org.hcasim.ulp.iser.scsi.ScsiProtection.REF_INCREMENT;
import static org.hcasim.ulp.iser.scsi.ScsiProtection.TRANSFER_PI;

import org.hcasim.block.PiType;
import org.hcasim.ulp.iser.scsi.ScsiProtection.Op;
import org.junit.jupiter.api.Test;

/** sd_setup_protect_cmnd: which protection operation, flags and protect field each read and write gets. */
class ScsiProtectionTest {

    @Test
    void write_generate_on_a_type1_lun_is_write_pass_with_guard_and_ref_checks_and_protect_1() {
        ScsiProtection p = ScsiProtection.of(true, true, PiType.TYPE1, true);
        assertThat(p.op()).isEqualTo(Op.WRITE_PASS);
        assertThat(p.flags()).isEqualTo(TRANSFER_PI | GUARD_CHECK | REF_CHECK | REF_INCREMENT | IP_CHECKSUM);
        assertThat(p.protectField()).isEqualTo(1);
        assertThat(p.transferLength(64, 512)).isEqualTo(64 * 520);
    }

    @Test
    void without_write_generate_the_hba_inserts_the_pi_and_checks_nothing_in_memory() {
        ScsiProtection p = ScsiProtection.of(true, false, PiType.TYPE1, true);
        assertThat(p.op()).isEqualTo(Op.WRITE_INSERT);
        assertThat(p.flags()).isEqualTo(TRANSFER_PI | REF_INCREMENT);
        assertThat(p.op().memoryPi()).isFalse();
        assertThat(p.op().wirePi()).isTrue();
    }

    @Test
    void read_verify_gives_read_pass_and_without_it_read_strip_checks_only_the_reference_tag() {
        assertThat(ScsiProtection.of(false, true, PiType.TYPE1, true).op()).isEqualTo(Op.READ_PASS);
        ScsiProtection strip = ScsiProtection.of(false, false, PiType.TYPE1, true);
        assertThat(strip.op()).isEqualTo(Op.READ_STRIP);
        assertThat(strip.flags()).isEqualTo(TRANSFER_PI | REF_CHECK | REF_INCREMENT);
    }

    @Test
    void type3_neither_increments_nor_checks_the_reference_tag() {
        ScsiProtection p = ScsiProtection.of(false, true, PiType.TYPE3, true);
        assertThat(p.op()).isEqualTo(Op.READ_PASS);
        assertThat(p.has(REF_CHECK)).isFalse();
        assertThat(p.has(REF_INCREMENT)).isFalse();
        assertThat(p.has(GUARD_CHECK)).isTrue();
    }

    @Test
    void dix_on_a_lun_without_pi_strips_on_write_and_inserts_on_read_with_no_pi_on_the_wire() {
        ScsiProtection w = ScsiProtection.of(true, true, PiType.NONE, true);
        ScsiProtection r = ScsiProtection.of(false, true, PiType.NONE, true);
        assertThat(w.op()).isEqualTo(Op.WRITE_STRIP);
        assertThat(r.op()).isEqualTo(Op.READ_INSERT);
        assertThat(w.protectField()).isZero();
        assertThat(w.transferLength(8, 512)).isEqualTo(8 * 512);
        assertThat(w.flags()).isEqualTo(REF_INCREMENT | IP_CHECKSUM);
    }

    @Test
    void neither_dix_nor_dif_is_a_normal_command() {
        assertThat(ScsiProtection.of(true, false, PiType.NONE, true)).isEqualTo(ScsiProtection.NONE);
        assertThat(ScsiProtection.of(false, false, PiType.NONE, true)).isEqualTo(ScsiProtection.NONE);
    }
}
