package org.hcasim.ulp.iser.pdu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Every PDU, the iSER headers and the text parameters decode to what was encoded, whatever the field values. */
class PduRoundTripProperties {

    private static byte[] framed(Pdu pdu) {
        return pdu.encode();
    }

    private static Pdu again(Pdu pdu) {
        byte[] b = framed(pdu);
        return Pdu.decode(b, 0, b.length);
    }

    @Provide
    Arbitrary<TextParameters> texts() {
        Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').withChars("ABCXYZ0123456789.-+@_:")
                .ofMinLength(1).ofMaxLength(63);
        Arbitrary<String> values = Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(64);
        return Combinators.combine(keys, values).as(TextParameters.Pair::new).list().ofMaxSize(6).map(TextParameters::new);
    }

    @Property
    void text_parameters_survive_their_nul_terminated_encoding(@ForAll("texts") TextParameters t) {
        byte[] b = t.encode();
        assertThat(TextParameters.decode(b, 0, b.length)).isEqualTo(t);
    }

    @Property
    void login_requests_round_trip(@ForAll boolean transit, @ForAll @IntRange(min = 0, max = 1) int csg,
                                   @ForAll @LongRange(min = 0, max = 0xFFFF_FFFF_FFFFL) long isid,
                                   @ForAll @IntRange(min = 0, max = 0xFFFF) int tsih, @ForAll int itt, @ForAll int cmdSn,
                                   @ForAll int expStatSn, @ForAll("texts") TextParameters keys) {
        int nsg = transit ? (csg == 0 ? 1 : 3) : 0;
        LoginRequest r = new LoginRequest(transit, !transit, csg, nsg, 0, 0, isid, tsih, itt, tsih ^ 0x55, cmdSn,
                expStatSn, keys);
        assertThat(again(r)).isEqualTo(r);
    }

    @Property
    void login_responses_round_trip(@ForAll boolean transit, @ForAll @IntRange(min = 0, max = 1) int csg,
                                    @ForAll @LongRange(min = 0, max = 0xFFFF_FFFF_FFFFL) long isid, @ForAll int itt,
                                    @ForAll int statSn, @ForAll int expCmdSn, @ForAll int maxCmdSn,
                                    @ForAll @IntRange(min = 0, max = 0xFFFF) int status, @ForAll("texts") TextParameters keys) {
        int nsg = transit ? 3 : 0;
        LoginResponse r = new LoginResponse(transit, false, csg, nsg, 0, 0, isid, 7, itt, statSn, expCmdSn, maxCmdSn,
                status >>> 8, status & 0xFF, keys);
        assertThat(again(r)).isEqualTo(r);
        assertThat(((LoginResponse) again(r)).status()).isEqualTo(status);
    }

    @Property
    void text_requests_and_responses_round_trip(@ForAll boolean fin, @ForAll int itt, @ForAll int ttt, @ForAll int sn,
                                                @ForAll("texts") TextParameters keys) {
        TextRequest q = new TextRequest(true, fin, !fin, itt, ttt, sn, sn + 1, keys);
        TextResponse a = new TextResponse(fin, !fin, itt, ttt, sn, sn + 1, sn + 64, keys);
        assertThat(again(q)).isEqualTo(q);
        assertThat(again(a)).isEqualTo(a);
    }

    @Property
    void scsi_commands_round_trip(@ForAll boolean read, @ForAll boolean write, @ForAll @IntRange(min = 0, max = 7) int attr,
                                  @ForAll long lun, @ForAll int itt, @ForAll int edtl, @ForAll int cmdSn,
                                  @ForAll int expStatSn, @ForAll("cdbs") byte[] cdb,
                                  @ForAll @IntRange(min = 0, max = 0xFF_FFFF) int immediate) {
        ScsiCommand c = new ScsiCommand(false, true, read, write, attr, lun, itt, edtl, cmdSn, expStatSn, cdb, immediate);
        byte[] b = c.encode();
        assertThat(b).hasSize(Pdu.BHS_BYTES);
        assertThat(Pdu.decode(b, 0, b.length)).isEqualTo(c);
    }

    @Provide
    Arbitrary<byte[]> cdbs() {
        return Arbitraries.bytes().array(byte[].class).ofSize(16);
    }

    @Property
    void scsi_responses_round_trip_with_their_sense(@ForAll @IntRange(min = 0, max = 255) int status, @ForAll int itt,
                                                    @ForAll int statSn, @ForAll int expCmdSn, @ForAll int maxCmdSn,
                                                    @ForAll int residual, @ForAll("senses") byte[] sense) {
        ScsiResponse r = new ScsiResponse(ScsiResponse.UNDERFLOW, 0, status, itt, statSn, expCmdSn, maxCmdSn, residual, sense);
        assertThat(again(r)).isEqualTo(r);
    }

    @Provide
    Arbitrary<byte[]> senses() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(96);
    }

    @Property
    void logout_requests_and_responses_round_trip(@ForAll int itt, @ForAll @IntRange(min = 0, max = 0xFFFF) int cid,
                                                  @ForAll int sn, @ForAll @IntRange(min = 0, max = 0xFFFF) int time) {
        LogoutRequest q = new LogoutRequest(true, LogoutRequest.CLOSE_SESSION, itt, cid, sn, sn - 1);
        LogoutResponse a = new LogoutResponse(LogoutResponse.CLOSED, itt, sn, sn + 1, sn + 2, time, 0xFFFF - time);
        assertThat(again(q)).isEqualTo(q);
        assertThat(again(a)).isEqualTo(a);
    }

    @Property
    void iser_headers_round_trip(@ForAll boolean write, @ForAll int writeStag, @ForAll long writeVa, @ForAll boolean read,
                                 @ForAll int readStag, @ForAll long readVa) {
        IserHeader h = IserHeader.forCommand(write, writeStag, writeVa, read, readStag, readVa);
        assertThat(IserHeader.decode(h.bytes(), 0)).isEqualTo(h);
        assertThat(h.bytes()).hasSize(IserHeader.BYTES);
    }

    @Property
    void iser_cm_headers_round_trip(@ForAll boolean zbva, @ForAll boolean inv) {
        IserCmHeader h = new IserCmHeader(zbva, inv);
        assertThat(IserCmHeader.decode(h.encode())).isEqualTo(h);
    }

    @Property
    void a_pdu_cut_short_is_refused_naming_what_is_missing(@ForAll("texts") TextParameters keys,
                                                            @ForAll @IntRange(min = 1, max = 8) int cut) {
        byte[] b = new LoginRequest(true, false, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0,
                new TextParameters(append(keys.pairs(), new TextParameters.Pair("InitiatorName", "iqn.x")))).encode();
        assertThatRefused(b, b.length - cut);
    }

    private static List<TextParameters.Pair> append(List<TextParameters.Pair> pairs, TextParameters.Pair p) {
        List<TextParameters.Pair> out = new ArrayList<>(pairs);
        out.add(p);
        return out;
    }

    private static void assertThatRefused(byte[] b, int length) {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Pdu.decode(b, 0, length))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
