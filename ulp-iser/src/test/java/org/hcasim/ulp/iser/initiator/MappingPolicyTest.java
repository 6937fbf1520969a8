package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.ScatterEntry;
import org.junit.jupiter.api.Test;

/**
 * The initiator's registration policy decides how each integrity MR maps (iser.initiator.registration-policy):
 * pa-first tries physical addressing, then MTT, then KLM; mtt-first one MTT mkey whenever the lists have no gaps,
 * else KLM; klm-only always KLM. Whatever the mapping, the data and PI arrive intact.
 */
class MappingPolicyTest {

    /** Writes {@code data} from the pieces {@code layout} names (offsets and lengths in one 16 KiB buffer) at lba 64. */
    private static PiMapping writeThrough(String policy, int[][] layout, byte[] data) {
        IserPair p = new IserPair(Map.of("iser.initiator.pi-enable", "true", "iser.target.t10-pi", "true",
                "iser.initiator.registration-policy", policy), IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
        assertThat(p.connect()).isNull();
        SessionTasks s = new SessionTasks(p);
        long buffer = s.buffer(new byte[16_384]);
        int at = 0;
        List<ScatterEntry> pieces = new java.util.ArrayList<>();
        for (int[] piece : layout) {
            p.host.memory().write(buffer + piece[0], data, at, piece[1]);
            pieces.add(new ScatterEntry(buffer + piece[0], piece[1]));
            at += piece[1];
        }
        int blocks = data.length / 512;
        byte[] pi = new byte[blocks * 8];
        for (int i = 0; i < blocks; i++) {
            T10Dif.put16(pi, i * 8, T10Dif.ipChecksum(data, i * 512, 512));
            T10Dif.put32(pi, i * 8 + 4, 64 + i);
        }
        ScsiResult r = s.run(0, new Cdb.ReadWrite16(true, 1, false, false, 64, blocks), false, true, pieces,
                List.of(new ScatterEntry(s.buffer(pi), pi.length)), ScsiProtection.of(true, true, PiType.TYPE1, true), 64, 512);
        assertThat(r.ok()).as(policy + ": " + r).isTrue();
        var mappings = Map.copyOf(s.session(0).mappings());
        assertThat(mappings).as(policy).hasSize(1);
        assertThat(p.read(p.device(0), 64, data.length).data()).as(policy).isEqualTo(data);
        return mappings.keySet().iterator().next();
    }

    private static final int[][] ONE_PIECE = {{0, 1024}};
    private static final int[][] TWO_WHOLE_PAGES = {{0, 4096}, {8192, 4096}};
    /** The first piece ends inside its page and the second starts a new one: a gap MTT cannot describe. */
    private static final int[][] GAPPY = {{0, 512}, {8192, 512}};

    private static byte[] data(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void pa_first_maps_one_data_piece_physically_then_falls_back_to_mtt_then_to_klm() {
        assertThat(writeThrough("pa-first", ONE_PIECE, data(1024))).isEqualTo(PiMapping.PHYSICAL);
        assertThat(writeThrough("pa-first", TWO_WHOLE_PAGES, data(8192))).isEqualTo(PiMapping.MTT);
        assertThat(writeThrough("pa-first", GAPPY, data(1024))).isEqualTo(PiMapping.KLM);
    }

    @Test
    void mtt_first_uses_one_mtt_mkey_whenever_the_lists_have_no_gaps_else_klm() {
        assertThat(writeThrough("mtt-first", ONE_PIECE, data(1024))).isEqualTo(PiMapping.MTT);
        assertThat(writeThrough("mtt-first", TWO_WHOLE_PAGES, data(8192))).isEqualTo(PiMapping.MTT);
        assertThat(writeThrough("mtt-first", GAPPY, data(1024))).isEqualTo(PiMapping.KLM);
    }

    @Test
    void klm_only_maps_every_list_through_klm() {
        assertThat(writeThrough("klm-only", ONE_PIECE, data(1024))).isEqualTo(PiMapping.KLM);
        assertThat(writeThrough("klm-only", TWO_WHOLE_PAGES, data(8192))).isEqualTo(PiMapping.KLM);
    }

    @Test
    void the_global_key_policy_leaves_single_piece_plain_io_unregistered_and_turns_remote_invalidation_off() {
        IserPair p = new IserPair(Map.of("iser.initiator.registration-policy", "global-key-single-segment"),
                IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        byte[] d = data(2048);
        assertThat(p.write(p.device(0), 0, d).ok()).isTrue();
        assertThat(p.read(p.device(0), 0, 2048).data()).isEqualTo(d);
        assertThat(p.target.log()).noneMatch(l -> l.contains("error"));
    }
}
