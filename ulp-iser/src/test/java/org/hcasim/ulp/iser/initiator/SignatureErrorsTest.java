package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.host.Priority;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.scsi.ScsiProtection.Op;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.SignatureErrorType;
import org.junit.jupiter.api.Test;

/**
 * A PI check that fails, wherever it fails (the initiator's HCA, the target's HCA, the target's ramdisk, the block
 * layer), ends the I/O with EILSEQ (84), fio's "Invalid or incomplete multibyte or wide character", never with
 * silent success; the completion's detail says which check failed and where.
 */
class SignatureErrorsTest {

    private static final Map<String, String> PI = Map.of("iser.initiator.pi-enable", "true", "iser.target.t10-pi", "true");

    private static IserPair connected() {
        IserPair p = new IserPair(PI, IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
        assertThat(p.connect()).isNull();
        return p;
    }

    @Test
    void data_changed_after_its_pi_was_generated_fails_the_write_with_the_initiator_hca_s_guard_error() {
        IserPair p = connected();
        long buf = p.host.memory().allocate(4096, 4096);
        p.host.memory().write(buf, IserPair.random(4096, 1), 0, 4096);
        List<BlockCompletion> out = new ArrayList<>();
        p.host.run(0, Priority.THREAD, "write then scribble", () -> {
            p.device(0).submit(new BlockRequest(BlockOp.WRITE, 8, 8, buf, BlockRequest.NO_METADATA,
                    org.hcasim.block.PiControl.NONE), out::add);
            p.host.memory().write(buf + 1000, new byte[] {42}, 0, 1); // before the target RDMA-READs it
        });
        p.runBounded();
        BlockCompletion c = out.get(0);
        assertThat(c.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(c.status().errno()).isEqualTo(84);
        assertThat(c.detail()).contains("sda", "Illegal Request", "guard check failed", "lba 9", "initiator's HCA");
    }

    /** A hand-made WRITE_PASS whose PI is {@code pi}, with protect field {@code protect} and the guard in CRC form. */
    private static ScsiResult writeRaw(IserPair p, long lba, byte[] data, byte[] pi, int protect, int checks) {
        SessionTasks s = new SessionTasks(p);
        int blocks = data.length / 512;
        ScsiProtection prot = new ScsiProtection(Op.WRITE_PASS, ScsiProtection.TRANSFER_PI | ScsiProtection.REF_INCREMENT
                | checks, protect);
        return s.run(0, new Cdb.ReadWrite16(true, protect, false, false, lba, blocks), false, true,
                ScsiDisk.pages(s.buffer(data), data.length), List.of(new ScatterEntry(s.buffer(pi), blocks * 8)), prot,
                lba, 512);
    }

    private static byte[] crcTuples(byte[] data, long lba) {
        byte[] pi = new byte[data.length / 512 * 8];
        for (int i = 0; i < data.length / 512; i++) {
            T10Dif.put16(pi, i * 8, T10Dif.crc16(data, i * 512, 512));
            T10Dif.put32(pi, i * 8 + 4, (int) lba + i);
        }
        return pi;
    }

    @Test
    void pi_naming_the_wrong_blocks_fails_the_write_with_a_reference_tag_error_and_the_target_keeps_the_old_data() {
        IserPair p = connected();
        byte[] old = IserPair.random(1024, 2);
        assertThat(p.write(p.device(0), 20, old).ok()).isTrue();
        byte[] data = IserPair.random(1024, 3);
        byte[] misdirected = crcTuples(data, 7); // PI of lba 7 sent to lba 20
        ScsiResult r = writeRaw(p, 20, data, misdirected, 1, ScsiProtection.REF_CHECK | ScsiProtection.GUARD_CHECK);
        BlockCompletion c = ((ScsiDisk) p.device(0)).toBlock(r);
        assertThat(c.status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
        assertThat(c.detail()).contains("reference tag check failed", "lba 20");
        assertThat(p.read(p.device(0), 20, 1024).data()).as("the target's HCA refused it too").isEqualTo(old);
    }

    @Test
    void a_wrong_reference_tag_the_initiator_does_not_check_is_refused_by_the_target_hca_with_aborted_command_sense() {
        IserPair p = connected();
        byte[] data = IserPair.random(512, 8);
        ScsiResult r = writeRaw(p, 33, data, crcTuples(data, 77), 1, 0); // the initiator's HCA checks nothing
        BlockCompletion c = ((ScsiDisk) p.device(0)).toBlock(r);
        assertThat(r.sense().key()).isEqualTo(SenseData.ABORTED_COMMAND);
        assertThat(c.status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
        assertThat(c.detail()).contains("Aborted Command", "reference tag check failed", "lba 33", "from the target");
    }

    @Test
    void a_block_stored_without_target_checks_and_a_bad_guard_fails_its_next_read_at_the_target_s_ramdisk() {
        IserPair p = connected();
        byte[] data = IserPair.random(512, 4);
        byte[] pi = crcTuples(data, 30);
        pi[0] ^= 0x40; // a bad guard, written with WRPROTECT 011b (target checks disabled)
        assertThat(writeRaw(p, 30, data, pi, 3, 0).ok()).isTrue();
        BlockCompletion c = p.read(p.device(0), 30, 512).completion();
        assertThat(c.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(c.detail()).contains("Aborted Command", "guard check failed", "lba 30", "from the target");
    }

    @Test
    void a_stored_reference_tag_that_is_not_the_lba_fails_the_read_at_the_target() {
        IserPair p = connected();
        byte[] data = IserPair.random(512, 5);
        assertThat(writeRaw(p, 31, data, crcTuples(data, 99), 3, 0).ok()).isTrue();
        BlockCompletion c = p.read(p.device(0), 31, 512).completion();
        assertThat(c.status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
        assertThat(c.detail()).contains("reference tag check failed", "from the target");
    }

    @Test
    void bad_pi_the_target_passes_unchecked_is_caught_by_the_initiator_hca_on_read() {
        IserPair p = connected();
        byte[] data = IserPair.random(512, 6);
        byte[] pi = crcTuples(data, 32);
        pi[1] ^= 1;
        assertThat(writeRaw(p, 32, data, pi, 3, 0).ok()).isTrue();
        SessionTasks s = new SessionTasks(p);
        long d = s.buffer(new byte[512]);
        long m = s.buffer(new byte[8]);
        // RDPROTECT 011b: the target passes the PI unchecked; the initiator's HCA checks the guard (READ_PASS)
        ScsiResult r = s.run(0, new Cdb.ReadWrite16(false, 3, false, false, 32, 1), true, false,
                List.of(new ScatterEntry(d, 512)), List.of(new ScatterEntry(m, 8)),
                new ScsiProtection(Op.READ_PASS, ScsiProtection.TRANSFER_PI | ScsiProtection.GUARD_CHECK
                        | ScsiProtection.REF_INCREMENT | ScsiProtection.REF_CHECK | ScsiProtection.IP_CHECKSUM, 3), 32, 512);
        BlockCompletion c = ((ScsiDisk) p.device(0)).toBlock(r);
        assertThat(c.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(c.detail()).contains("Illegal Request", "initiator's HCA");
    }

    @Test
    void every_signature_error_type_of_the_check_status_verb_becomes_its_asc_0x10_sense_and_an_eilseq_error() {
        IserPair p = connected();
        ScsiDisk disk = (ScsiDisk) p.device(0);
        for (SignatureErrorType type : SignatureErrorType.values()) {
            SignatureError e = new SignatureError(type, 0x1234, 0x4321, 1024, 0x500);
            SenseData initiator = IserSignature.sense(e, 64, 512);
            assertThat(initiator.key()).isEqualTo(SenseData.ILLEGAL_REQUEST);
            assertThat(initiator.information()).isEqualTo(66);
            SenseData target = SenseData.protection(SenseData.ascqOf(type), 66);
            for (SenseData s : List.of(initiator, target)) {
                assertThat(s.asc()).isEqualTo(0x10);
                assertThat(s.ascq()).isEqualTo(switch (type) {
                    case GUARD -> 1;
                    case APP_TAG -> 2;
                    case REF_TAG -> 3;
                });
                BlockCompletion c = disk.toBlock(new ScsiResult(0x02, s, ""));
                assertThat(c.status().errno()).isEqualTo(84);
                assertThat(c.status()).isEqualTo(switch (type) {
                    case GUARD -> BlockStatus.GUARD_CHECK_ERROR;
                    case APP_TAG -> BlockStatus.APP_TAG_CHECK_ERROR;
                    case REF_TAG -> BlockStatus.REF_TAG_CHECK_ERROR;
                });
            }
        }
    }

    @Test
    void the_block_layer_s_own_verify_fails_a_read_whose_tuples_do_not_match() {
        BlockIntegrity bi = new BlockIntegrity("sdb", PiType.TYPE1);
        byte[] data = IserPair.random(1024, 7);
        byte[] pi = new byte[16];
        bi.generate(data, 512, 2, 50, pi);
        assertThat(bi.verify(data, 512, 2, 50, pi).ok()).isTrue();
        assertThat(bi.verify(data, 512, 2, 51, pi).detail()).isEqualTo("sdb: ref tag error at location 51 (rcvd 50)");
        data[600] ^= 1;
        assertThat(bi.verify(data, 512, 2, 50, pi).status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        pi[10] = (byte) 0xFF; // application tag 0xffff: escaped, not checked
        pi[11] = (byte) 0xFF;
        assertThat(bi.verify(data, 512, 2, 50, pi).ok()).isTrue();
    }
}
