package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.scsi.ScsiProtection.Op;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.T10DifGuard;
import org.junit.jupiter.api.Test;

/**
 * T10-PI end to end as Linux does it: which protection operation the block-integrity knobs give, what the HCA is
 * asked to do for each, and the tag rules of type 1 (reference tag = LBA, incremented and checked) and type 3
 * (reference tag not checked).
 */
class ProtectionOperationsTest {

    private static Map<String, String> pi(boolean writeGenerate, boolean readVerify) {
        Map<String, String> m = new HashMap<>();
        m.put("iser.initiator.pi-enable", "true");
        m.put("iser.target.t10-pi", "true");
        m.put("iser.initiator.write-generate", Boolean.toString(writeGenerate));
        m.put("iser.initiator.read-verify", Boolean.toString(readVerify));
        return m;
    }

    @Test
    void every_write_generate_and_read_verify_setting_moves_data_intact_on_type1_and_type3_luns_of_both_formats() {
        for (String format : List.of("512+8", "4096+8")) {
            for (PiType type : List.of(PiType.TYPE1, PiType.TYPE3)) {
                for (boolean knobs : List.of(true, false)) {
                    IserPair p = new IserPair(pi(knobs, knobs), IserPair.ram("ns1", 8, format, type));
                    assertThat(p.connect()).isNull();
                    byte[] data = IserPair.random(32_768, format.hashCode() + type.ordinal());
                    String what = format + " " + type + " knobs " + knobs;
                    assertThat(p.write(p.device(0), 8, data).ok()).as(what).isTrue();
                    IserPair.Read r = p.read(p.device(0), 8, data.length);
                    assertThat(r.completion().ok()).as(what + ": " + r.completion()).isTrue();
                    assertThat(r.data()).as(what).isEqualTo(data);
                    assertThat(new SessionTasks(p).session(0).mappings()).as(what).containsKey(PiMapping.MTT);
                }
            }
        }
    }

    @Test
    void ib_iser_asks_the_hca_to_pass_insert_or_strip_with_an_ip_guard_in_memory_and_a_crc_guard_on_the_wire() {
        SignatureAttributes pass = IserSignature.attributes(ScsiProtection.of(true, true, PiType.TYPE1, true), 512, 77);
        var mem = (SignatureDomain.T10Dif) pass.memory();
        var wire = (SignatureDomain.T10Dif) pass.wire();
        assertThat(mem.guard()).isEqualTo(T10DifGuard.IP_CSUM);
        assertThat(wire.guard()).isEqualTo(T10DifGuard.CRC);
        assertThat(wire.refTag()).isEqualTo(77);
        assertThat(wire.refRemap()).isTrue();
        assertThat(wire.appEscape() && wire.refEscape()).as("ib_iser hard-codes both escapes").isTrue();
        assertThat(pass.checkMask()).isEqualTo(SignatureAttributes.CHECK_GUARD | SignatureAttributes.CHECK_REF_TAG);

        SignatureAttributes insert = IserSignature.attributes(ScsiProtection.of(true, false, PiType.TYPE1, true), 512, 77);
        assertThat(insert.memory()).isEqualTo(SignatureDomain.NONE);
        assertThat(insert.wire()).isInstanceOf(SignatureDomain.T10Dif.class);
        assertThat(insert.checkMask()).isZero();

        SignatureAttributes strip = IserSignature.attributes(ScsiProtection.of(false, false, PiType.TYPE1, true), 4096, 9);
        assertThat(strip.memory()).isEqualTo(SignatureDomain.NONE);
        assertThat(strip.checkMask()).as("READ_STRIP checks the reference tag only").isEqualTo(SignatureAttributes.CHECK_REF_TAG);

        SignatureAttributes type3 = IserSignature.attributes(ScsiProtection.of(false, true, PiType.TYPE3, true), 512, 9);
        assertThat(((SignatureDomain.T10Dif) type3.wire()).refRemap()).isFalse();
        assertThat(type3.checkMask()).isEqualTo(SignatureAttributes.CHECK_GUARD);
    }

    /** Reads {@code blocks} blocks at {@code lba} with READ_PASS into a PI buffer of the test's own; returns the tuples. */
    private static byte[] readTuples(IserPair p, long lba, int blocks, int bs, boolean ipGuard, byte[] dataOut) {
        SessionTasks s = new SessionTasks(p);
        long data = s.buffer(new byte[blocks * bs]);
        long meta = s.buffer(new byte[blocks * 8]);
        ScsiProtection prot = ScsiProtection.of(false, true, PiType.TYPE1, ipGuard);
        ScsiResult r = s.run(0, new Cdb.ReadWrite16(false, 1, false, false, lba, blocks), true, false,
                ScsiDisk.pages(data, (long) blocks * bs), List.of(new ScatterEntry(meta, blocks * 8)), prot, lba, bs);
        assertThat(r.ok()).as(r.toString()).isTrue();
        System.arraycopy(s.read(data, blocks * bs), 0, dataOut, 0, dataOut.length);
        return s.read(meta, blocks * 8);
    }

    @Test
    void type1_tuples_carry_the_ip_checksum_in_memory_the_crc_on_the_lun_and_the_lba_as_reference_tag() {
        for (boolean generate : List.of(true, false)) {
            IserPair p = new IserPair(pi(generate, true), IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
            assertThat(p.connect()).isNull();
            byte[] data = IserPair.random(4096, 5);
            assertThat(p.write(p.device(0), 100, data).ok()).isTrue();
            byte[] back = new byte[4096];
            byte[] ip = readTuples(p, 100, 8, 512, true, back);
            byte[] crc = readTuples(p, 100, 8, 512, false, back);
            for (int i = 0; i < 8; i++) {
                String block = (generate ? "host-generated" : "HCA-inserted") + " block " + i;
                assertThat(T10Dif.get16(ip, i * 8)).as(block).isEqualTo(T10Dif.ipChecksum(data, i * 512, 512));
                assertThat(T10Dif.get16(crc, i * 8)).as(block).isEqualTo(T10Dif.crc16(data, i * 512, 512));
                assertThat(T10Dif.get16(ip, i * 8 + 2)).as(block + " application tag").isZero();
                assertThat(T10Dif.get32(ip, i * 8 + 4)).as(block + " reference tag").isEqualTo(100 + i);
            }
        }
    }

    /** Writes 8 blocks at {@code lba} with WRITE_PASS and tuples whose reference tags are {@code ref}. */
    private static ScsiResult writeWithRefTag(IserPair p, PiType type, long lba, int ref) {
        SessionTasks s = new SessionTasks(p);
        byte[] data = IserPair.random(4096, 11);
        byte[] pi = new byte[64];
        for (int i = 0; i < 8; i++) {
            T10Dif.put16(pi, i * 8, T10Dif.ipChecksum(data, i * 512, 512));
            T10Dif.put32(pi, i * 8 + 4, ref + i);
        }
        long d = s.buffer(data);
        long m = s.buffer(pi);
        return s.run(0, new Cdb.ReadWrite16(true, 1, false, false, lba, 8), false, true, ScsiDisk.pages(d, 4096),
                List.of(new ScatterEntry(m, 64)), ScsiProtection.of(true, true, type, true), lba, 512);
    }

    @Test
    void type3_does_not_check_reference_tags_where_type1_requires_the_lba() {
        IserPair t3 = new IserPair(pi(true, true), IserPair.ram("ns1", 8, "512+8", PiType.TYPE3));
        assertThat(t3.connect()).isNull();
        assertThat(writeWithRefTag(t3, PiType.TYPE3, 40, 9999).ok()).isTrue();
        assertThat(t3.read(t3.device(0), 40, 4096).completion().ok()).isTrue();

        IserPair t1 = new IserPair(pi(true, true), IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
        assertThat(t1.connect()).isNull();
        ScsiResult r = writeWithRefTag(t1, PiType.TYPE1, 40, 9999);
        BlockCompletion c = ((ScsiDisk) t1.device(0)).toBlock(r);
        assertThat(c.status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
        assertThat(c.status().errno()).isEqualTo(84);
    }

    @Test
    void a_type2_lun_needs_32_byte_cdbs_that_ib_iser_cannot_send_so_protected_io_fails_but_unprotected_io_works() {
        IserPair pi = new IserPair(pi(true, true), IserPair.ram("ns1", 8, "512+8", PiType.TYPE2));
        assertThat(pi.connect()).isNull();
        BlockCompletion c = pi.write(pi.device(0), 0, new byte[512]);
        assertThat(c.status()).isEqualTo(BlockStatus.IO_ERROR);
        assertThat(c.detail()).contains("type 2", "max_cmd_len");

        IserPair plain = new IserPair(Map.of(), IserPair.ram("ns1", 8, "512+8", PiType.TYPE2));
        assertThat(plain.connect()).isNull();
        byte[] data = IserPair.random(1024, 3);
        assertThat(plain.write(plain.device(0), 0, data).ok()).isTrue();
        assertThat(plain.read(plain.device(0), 0, 1024).data()).isEqualTo(data);
    }

    @Test
    void a_host_without_pi_offload_sends_plain_commands_and_the_target_inserts_and_strips_the_pi() {
        for (String hca : List.of("connectx5", "connectx3")) {
            Map<String, String> config = hca.equals("connectx3") ? pi(true, true) : Map.of();
            IserPair p = new IserPair(hca, 4, config, IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
            assertThat(p.connect()).isNull();
            byte[] data = IserPair.random(8192, 4);
            assertThat(p.write(p.device(0), 16, data).ok()).as(hca).isTrue();
            assertThat(p.read(p.device(0), 16, 8192).data()).as(hca).isEqualTo(data);
            assertThat(new SessionTasks(p).session(0).mappings()).as(hca + ": no integrity MRs").isEmpty();
            assertThat(new SessionTasks(p).session(0).parameters().immediateData()).as(hca).isTrue();
        }
    }

    @Test
    void with_pi_offload_a_lun_without_pi_still_gets_block_layer_pi_that_the_hca_checks_and_strips_dix_type0() {
        IserPair p = new IserPair(pi(true, true), IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        assertThat(((ScsiDisk) p.device(0)).integrityFormat()).isEqualTo("T10-DIF-TYPE1-IP");
        assertThat(ScsiProtection.of(true, true, PiType.NONE, true).op()).isEqualTo(Op.WRITE_STRIP);
        byte[] data = IserPair.random(4096, 6);
        assertThat(p.write(p.device(0), 8, data).ok()).isTrue();
        assertThat(p.read(p.device(0), 8, 4096).data()).isEqualTo(data);
        assertThat(new SessionTasks(p).session(0).mappings().values().stream().mapToLong(Long::longValue).sum())
                .as("both commands went through integrity MRs").isEqualTo(2);
    }
}
