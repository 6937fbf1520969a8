package org.hcasim.ulp.srp.iu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SrpIuTest {

    @Test
    void srpCmdIs48FixedBytesWithOpcodeFormatsTagLunAndCdbAtTheirOffsetsThenTheDirectDescriptor() {
        byte[] cdb = ScsiCommands.readWrite(false, 0x01020304L, 8);
        byte[] b = new SrpCommand(0x1122334455667788L, SrpCommand.lun(3), cdb, false,
                new SrpCommand.Data.Direct(new DataDescriptor(0xAABBCCDDEEFF0011L, 0x12345678, 4096))).encode();
        assertThat(b).hasSize(48 + 16);
        assertThat(b[0] & 0xFF).as("opcode").isEqualTo(0x02);
        assertThat(b[5] & 0xFF).as("buffer formats: data-in direct in the low nibble").isEqualTo(0x01);
        assertThat(b[6]).as("data-out descriptors").isZero();
        assertThat(b[7]).as("data-in descriptors").isEqualTo((byte) 1);
        assertThat(b).containsSequence(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88); // tag at 8, big-endian
        assertThat(b[8]).isEqualTo((byte) 0x11);
        assertThat(b[20]).isZero();
        assertThat(b[21]).as("LUN 3, peripheral addressing").isEqualTo((byte) 3);
        assertThat(b[32] & 0xFF).as("CDB at 32: READ(10)").isEqualTo(ScsiCommands.READ_10);
        assertThat(new byte[] {b[34], b[35], b[36], b[37]}).containsExactly(1, 2, 3, 4);
        assertThat(b[48] & 0xFF).as("descriptor address at 48").isEqualTo(0xAA);
        assertThat(new byte[] {b[56], b[57], b[58], b[59]}).as("key").containsExactly(0x12, 0x34, 0x56, 0x78);
        assertThat(new byte[] {b[60], b[61], b[62], b[63]}).as("length").containsExactly(0, 0, 0x10, 0);
    }

    @Test
    void aWriteDescribesDataOutInTheHighNibble() {
        byte[] b = new SrpCommand(1, SrpCommand.lun(0), ScsiCommands.readWrite(true, 0, 1), true,
                new SrpCommand.Data.Direct(new DataDescriptor(0, 1, 512))).encode();
        assertThat(b[5] & 0xFF).isEqualTo(0x10);
        assertThat(b[6]).isEqualTo((byte) 1);
        assertThat(b[7]).isZero();
    }

    @Test
    void srpRspIs36BytesWithRequestLimitDeltaTagStatusAndSenseLength() {
        byte[] sense = ScsiCommands.sense(ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_LBA_OUT_OF_RANGE, 0);
        byte[] b = new SrpResponse(1, 42, SrpResponse.STATUS_CHECK_CONDITION, 0, sense).encode();
        assertThat(b).hasSize(36 + 18);
        assertThat(b[0] & 0xFF).isEqualTo(0xC1);
        assertThat(new byte[] {b[4], b[5], b[6], b[7]}).as("req_lim_delta").containsExactly(0, 0, 0, 1);
        assertThat(b[15]).as("tag, last byte").isEqualTo((byte) 42);
        assertThat(b[18] & 0xFF).as("flags: SNSVALID").isEqualTo(SrpResponse.FLAG_SNSVALID);
        assertThat(b[19] & 0xFF).as("status").isEqualTo(0x02);
        assertThat(b[31]).as("sense length").isEqualTo((byte) 18);
        assertThat(b[36] & 0xFF).as("fixed-format sense").isEqualTo(0x70);
        assertThat(ScsiCommands.asc(SrpResponse.decode(b, 0, b.length).sense())).isEqualTo(ScsiCommands.ASC_LBA_OUT_OF_RANGE);
    }

    @Test
    void loginRequestIsTheRdmaCmLayoutWithTheOpcodeAtByte11() {
        byte[] init = new byte[16];
        byte[] tgt = new byte[16];
        init[0] = 'i';
        tgt[15] = 't';
        byte[] b = new LoginRequest(7, SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT, SrpIu.MULTICHAN_MULTI, 64, init, tgt)
                .encode();
        assertThat(b).hasSize(56);
        assertThat(b[7]).as("tag").isEqualTo((byte) 7);
        assertThat(b[9] & 0xFF).as("buffer formats direct | indirect").isEqualTo(0x06);
        assertThat(b[10] & 0xFF).as("flags: multi-channel MULTI").isEqualTo(1);
        assertThat(b[11] & 0xFF).as("opcode").isZero();
        assertThat(b[15] & 0xFF).as("requested max IU length").isEqualTo(64);
        assertThat(b[16]).isEqualTo((byte) 'i');
        assertThat(b[47]).isEqualTo((byte) 't');
    }

    @Test
    void loginResponseCarriesTheCreditsAndIuLimits() {
        byte[] b = new LoginResponse(128, 7, 2132, 1024, 0x06, 0).encode();
        assertThat(b).hasSize(52);
        assertThat(b[0] & 0xFF).isEqualTo(0xC0);
        assertThat(b[7] & 0xFF).as("req_lim_delta 128").isEqualTo(128);
        assertThat(new byte[] {b[18], b[19]}).as("max initiator IU 2132").containsExactly(0x08, 0x54);
        assertThat(new byte[] {b[22], b[23]}).as("max target IU 1024").containsExactly(0x04, 0x00);
        assertThat(b[25] & 0xFF).isEqualTo(0x06);
    }

    @Test
    void loginRejectCarriesItsReason() {
        byte[] b = new LoginReject(LoginReject.REQ_IT_IU_LENGTH_TOO_LARGE, 9, 0x06).encode();
        assertThat(b).hasSize(32);
        assertThat(b[0] & 0xFF).isEqualTo(0xC2);
        assertThat(new byte[] {b[4], b[5], b[6], b[7]}).containsExactly(0, 1, 0, 2);
        assertThat(LoginReject.decode(b).reasonText()).contains("IU length too large");
    }

    @Test
    void cdbsUseTenBytesWhileLbaAndLengthFitAndSixteenBeyond() {
        assertThat(ScsiCommands.readWrite(true, 0xFFFF_FFFFL, 0xFFFF)[0] & 0xFF).isEqualTo(ScsiCommands.WRITE_10);
        assertThat(ScsiCommands.readWrite(true, 0x1_0000_0000L, 1)[0] & 0xFF).isEqualTo(ScsiCommands.WRITE_16);
        assertThat(ScsiCommands.readWrite(false, 0, 0x10000)[0] & 0xFF).isEqualTo(ScsiCommands.READ_16);
    }

    @Test
    void truncatedOrForeignIusAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> SrpCommand.decode(new byte[40], 0, 40)).hasMessageContaining("fixed part");
        byte[] rsp = java.util.Arrays.copyOf(SrpResponse.good(1, 1).encode(), 48);
        assertThatThrownBy(() -> SrpCommand.decode(rsp, 0, rsp.length)).hasMessageContaining("opcode 0xc1");
        byte[] direct = new SrpCommand(1, 0, new byte[16], false, new SrpCommand.Data.Direct(new DataDescriptor(0, 0, 1))).encode();
        assertThatThrownBy(() -> SrpCommand.decode(direct, 0, 50)).hasMessageContaining("descriptors");
        assertThatThrownBy(() -> LoginRequest.decode(new byte[55])).hasMessageContaining("56");
    }

    // ------------------------------------------------------------------ round trips

    @Provide
    Arbitrary<DataDescriptor> descriptors() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.integers(), Arbitraries.integers().between(0, Integer.MAX_VALUE))
                .as(DataDescriptor::new);
    }

    @Provide
    Arbitrary<SrpCommand.Data> data() {
        Arbitrary<SrpCommand.Data> direct = descriptors().map(SrpCommand.Data.Direct::new);
        Arbitrary<SrpCommand.Data> indirect = descriptors().list().ofMinSize(1).ofMaxSize(16).flatMap(ds -> {
            List<DataDescriptor> small = new ArrayList<>();
            long total = 0;
            for (DataDescriptor d : ds) {
                DataDescriptor s = new DataDescriptor(d.address(), d.key(), d.length() % (1 << 20));
                small.add(s);
                total += s.length();
            }
            long sum = total;
            return descriptors().map(t -> new SrpCommand.Data.Indirect(new IndirectTable(t, (int) sum, small)));
        });
        return Arbitraries.oneOf(Arbitraries.just(SrpCommand.NO_DATA), direct, indirect);
    }

    @Property
    void srpCmdRoundTrips(@ForAll long tag, @ForAll @IntRange(min = 0, max = 255) int lun, @ForAll @Size(16) byte[] cdb,
                          @ForAll boolean dataOut, @ForAll("data") SrpCommand.Data data) {
        SrpCommand c = new SrpCommand(tag, SrpCommand.lun(lun), cdb, dataOut, data);
        byte[] b = c.encode();
        assertThat(b).hasSize(48 + data.bytes());
        SrpCommand back = SrpCommand.decode(b, 0, b.length);
        assertThat(back).isEqualTo(c);
        assertThat(SrpCommand.lunNumber(back.lun())).isEqualTo(lun);
    }

    @Property
    void srpRspRoundTrips(@ForAll @IntRange(min = 0) int delta, @ForAll long tag, @ForAll @IntRange(min = 0, max = 255) int status,
                          @ForAll @IntRange(min = 0) int residual, @ForAll @Size(max = 96) byte[] sense) {
        SrpResponse r = new SrpResponse(delta, tag, status, residual, sense);
        byte[] b = r.encode();
        assertThat(SrpResponse.decode(b, 0, b.length)).isEqualTo(r);
    }

    @Property
    void loginRequestRoundTrips(@ForAll long tag, @ForAll @IntRange(max = 0xFFFF) int fmt, @ForAll @IntRange(max = 0xFF) int flags,
                                @ForAll int iuLen, @ForAll @Size(16) byte[] init, @ForAll @Size(16) byte[] tgt) {
        LoginRequest r = new LoginRequest(tag, fmt, flags, iuLen, init, tgt);
        assertThat(LoginRequest.decode(r.encode())).isEqualTo(r);
    }

    @Property
    void loginResponseAndRejectRoundTrip(@ForAll @IntRange(min = 0) int delta, @ForAll long tag, @ForAll int maxIt, @ForAll int maxTi,
                                         @ForAll @IntRange(max = 0xFFFF) int fmt, @ForAll @IntRange(max = 0xFF) int flags,
                                         @ForAll int reason) {
        LoginResponse rsp = new LoginResponse(delta, tag, maxIt, maxTi, fmt, flags);
        assertThat(LoginResponse.decode(rsp.encode())).isEqualTo(rsp);
        LoginReject rej = new LoginReject(reason, tag, fmt);
        assertThat(LoginReject.decode(rej.encode())).isEqualTo(rej);
    }

    @Property
    void readWriteCdbsRoundTrip(@ForAll boolean write, @ForAll @net.jqwik.api.constraints.LongRange(min = 0) long lba,
                                @ForAll @IntRange(min = 1) int blocks) {
        ScsiCommands.BlockIo io = ScsiCommands.blockIo(ScsiCommands.readWrite(write, lba, blocks));
        assertThat(io).isEqualTo(new ScsiCommands.BlockIo(write, lba, blocks));
    }
}
