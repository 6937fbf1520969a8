package org.hcasim.ulp.iser.target;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.ulp.iser.login.LoginKey;
import org.hcasim.ulp.iser.login.OperationalNegotiation;
import org.hcasim.ulp.iser.login.SessionParameters;
import org.hcasim.ulp.iser.pdu.LoginRequest;
import org.hcasim.ulp.iser.pdu.LoginResponse;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.settings.TargetSettings;

/**
 * The target's side of one login (LIO's iscsi_target_nego): the security stage's declarations (InitiatorName
 * required, SessionType Normal or Discovery, TargetName required and known for a normal session, AuthMethod None),
 * the operational stage answered from the target's values (its TPG settings; with T10-PI on an iSER session LIO
 * forces ImmediateData=No), and the move to full feature phase with a TSIH for a normal session. Every refusal is a
 * Login Response with the status RFC 7143 gives it.
 */
final class TargetLogin {

    /** The answer to one Login Request; {@code complete} when it moves the connection to full feature phase. */
    record Step(LoginResponse response, boolean complete, boolean refused) {
    }

    /** Keys of the security stage and session declarations (not operational). */
    private static final Set<String> DECLARATIONS = Set.of("InitiatorName", "InitiatorAlias", "SessionType",
            "TargetName", "AuthMethod");
    /** LIO's INITIAL_INITIATORRECVDATASEGMENTLENGTH. */
    static final int LIO_INITIATOR_RECV_DSL = 262_144;

    private final IserTarget target;
    private final TargetSettings settings;
    private final boolean piSession;
    private String initiatorName;
    private boolean discovery;
    private TargetNode node;
    private Map<String, String> negotiated = Map.of();
    private int tsih;

    /** {@code piSession}: the connection's HCA and the TPG move PI (t10_pi), so LIO forces ImmediateData=No. */
    TargetLogin(IserTarget target, TargetSettings settings, boolean piSession) {
        this.target = target;
        this.settings = settings;
        this.piSession = piSession;
    }

    Step onRequest(LoginRequest r, int statSn) {
        if (r.versionMin() > 0) {
            return refuse(r, statSn, LoginResponse.UNSUPPORTED_VERSION);
        }
        if (initiatorName == null) {
            int status = declare(r.keys());
            if (status != LoginResponse.SUCCESS) {
                return refuse(r, statSn, status);
            }
        }
        List<TextParameters.Pair> answer = new ArrayList<>();
        if (r.csg() == LoginRequest.SECURITY) {
            String auth = r.keys().get("AuthMethod").orElse("None");
            if (!List.of(auth.split(",")).contains("None")) {
                return refuse(r, statSn, 0x0201); // authentication failure: the portal offers no CHAP
            }
            answer.add(new TextParameters.Pair("AuthMethod", "None"));
            if (!discovery) {
                answer.add(new TextParameters.Pair("TargetPortalGroupTag", "1"));
            }
        } else {
            TextParameters operational = new TextParameters(r.keys().pairs().stream()
                    .filter(p -> !DECLARATIONS.contains(p.key())).toList());
            var a = OperationalNegotiation.answer(operational, ownValues(), discovery);
            negotiated = a.negotiated();
            answer.addAll(a.keys().pairs());
        }
        boolean complete = r.transit() && r.nsg() == LoginRequest.FULL_FEATURE;
        if (complete) {
            if (!SessionParameters.of(negotiated).rdmaExtensions()) {
                return refuse(r, statSn, LoginResponse.INITIATOR_ERROR); // an iSER portal speaks iSER only
            }
            tsih = discovery ? 0 : target.newTsih();
        }
        LoginResponse rsp = new LoginResponse(r.transit(), false, r.csg(), r.transit() ? r.nsg() : 0, 0, 0, r.isid(),
                complete ? tsih : 0, r.itt(), statSn, r.cmdSn(), r.cmdSn() + settings.cmdsnDepth() - 1,
                0, 0, new TextParameters(answer));
        return new Step(rsp, complete, false);
    }

    /** The first request's declarations; the status refusing them, or success. */
    private int declare(TextParameters keys) {
        var name = keys.get("InitiatorName");
        if (name.isEmpty()) {
            return LoginResponse.MISSING_PARAMETER;
        }
        String type = keys.get("SessionType").orElse("Normal");
        if (!type.equals("Normal") && !type.equals("Discovery")) {
            return LoginResponse.SESSION_TYPE_NOT_SUPPORTED;
        }
        discovery = type.equals("Discovery");
        if (!discovery) {
            var targetName = keys.get("TargetName");
            if (targetName.isEmpty()) {
                return LoginResponse.MISSING_PARAMETER;
            }
            node = target.node(targetName.get());
            if (node == null) {
                return LoginResponse.NOT_FOUND;
            }
        }
        initiatorName = name.get();
        return LoginResponse.SUCCESS;
    }

    /** The target's values for the operational keys: its settings, LIO's defaults, iSER's requirements. */
    private Map<String, String> ownValues() {
        Map<String, String> own = new LinkedHashMap<>();
        own.put(LoginKey.HEADER_DIGEST.name(), "None"); // RFC 7145: no digests with RDMAExtensions=Yes
        own.put(LoginKey.DATA_DIGEST.name(), "None");
        own.put(LoginKey.RDMA_EXTENSIONS.name(), "Yes");
        own.put(LoginKey.IMMEDIATE_DATA.name(), settings.immediateData() && !piSession ? "Yes" : "No");
        own.put(LoginKey.INITIAL_R2T.name(), settings.initialR2T() ? "Yes" : "No");
        own.put(LoginKey.FIRST_BURST_LENGTH.name(), Integer.toString(settings.firstBurstLength()));
        own.put(LoginKey.MAX_BURST_LENGTH.name(), Integer.toString(settings.maxBurstLength()));
        own.put(LoginKey.MAX_RECV_DATA_SEGMENT_LENGTH.name(), Integer.toString(settings.maxRecvDataSegmentLength()));
        own.put(LoginKey.TARGET_RECV_DATA_SEGMENT_LENGTH.name(), Integer.toString(settings.maxRecvDataSegmentLength()));
        own.put(LoginKey.INITIATOR_RECV_DATA_SEGMENT_LENGTH.name(), Integer.toString(LIO_INITIATOR_RECV_DSL));
        return own;
    }

    private Step refuse(LoginRequest r, int statSn, int status) {
        LoginResponse rsp = new LoginResponse(false, false, r.csg(), 0, 0, 0, r.isid(), 0, r.itt(), statSn, r.cmdSn(),
                r.cmdSn(), status >>> 8, status & 0xFF, new TextParameters(List.of()));
        return new Step(rsp, false, true);
    }

    boolean discovery() {
        return discovery;
    }

    TargetNode node() {
        return node;
    }

    String initiatorName() {
        return initiatorName;
    }

    SessionParameters parameters() {
        return SessionParameters.of(negotiated);
    }
}
