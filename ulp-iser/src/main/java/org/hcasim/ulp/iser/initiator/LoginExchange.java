package org.hcasim.ulp.iser.initiator;

import java.util.Map;
import java.util.function.Consumer;
import org.hcasim.ulp.iser.login.OperationalNegotiation;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.ulp.iser.pdu.LoginRequest;
import org.hcasim.ulp.iser.pdu.LoginResponse;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.transport.IserConnection;
import org.hcasim.verbs.CompletionCallback;

/**
 * The initiator's side of one login, as iscsid drives it with AuthMethod=None: a Login Request in the security
 * stage (InitiatorName, SessionType, TargetName, AuthMethod) asking to move to the operational stage, then one in
 * the operational stage with every operational key asking to move to full feature phase. Each response is checked
 * (status, task tag, ISID, stage transitions, the answers against the offer).
 */
final class LoginExchange {

    /** What a successful login settled. */
    record Outcome(int tsih, Map<String, String> negotiated, int statSn, int expCmdSn, int maxCmdSn) {
    }

    static final int ITT = 0;

    private final IserConnection conn;
    private final long txBuffer;
    private final long isid;
    private final int cmdSn;
    private final TextParameters security;
    private final TextParameters operational;
    private final String target;
    private final Consumer<Outcome> done;
    private final Consumer<String> failed;
    private int stage = -1;
    private int expStatSn;

    LoginExchange(IserConnection conn, long txBuffer, long isid, int cmdSn, TextParameters security,
                  TextParameters operational, String target, Consumer<Outcome> done, Consumer<String> failed) {
        this.conn = conn;
        this.txBuffer = txBuffer;
        this.isid = isid;
        this.cmdSn = cmdSn;
        this.security = security;
        this.operational = operational;
        this.target = target;
        this.done = done;
        this.failed = failed;
    }

    void start() {
        send(LoginRequest.SECURITY, LoginRequest.OPERATIONAL, security);
    }

    private void send(int csg, int nsg, TextParameters keys) {
        stage = csg;
        LoginRequest r = new LoginRequest(true, false, csg, nsg, 0, 0, isid, 0, ITT, 0, cmdSn, expStatSn, keys);
        conn.send(txBuffer, IserConnection.frame(IserHeader.control(), r), null, java.util.List.of(), 0, true,
                CompletionCallback.IGNORE);
    }

    void onResponse(LoginResponse r) {
        if (r.status() != LoginResponse.SUCCESS) {
            failed.accept("login to " + target + " failed with status 0x" + String.format("%04x", r.status())
                    + " (" + statusText(r.status()) + ")");
            return;
        }
        if (r.itt() != ITT || r.isid() != isid || r.versionActive() != 0 || r.csg() != stage || !r.transit()) {
            failed.accept("login to " + target + ": unexpected login response (ITT " + r.itt() + ", CSG " + r.csg()
                    + ", T " + r.transit() + ", version " + r.versionActive() + ")");
            return;
        }
        expStatSn = r.statSn() + 1;
        if (stage == LoginRequest.SECURITY) {
            if (r.nsg() != LoginRequest.OPERATIONAL || !"None".equals(r.keys().get("AuthMethod").orElse("None"))) {
                failed.accept("login to " + target + ": the target wants authentication (" + r.keys() + ")");
                return;
            }
            send(LoginRequest.OPERATIONAL, LoginRequest.FULL_FEATURE, operational);
            return;
        }
        if (r.nsg() != LoginRequest.FULL_FEATURE) {
            failed.accept("login to " + target + ": the target did not move to full feature phase");
            return;
        }
        try {
            Map<String, String> negotiated = OperationalNegotiation.settle(operational, r.keys());
            done.accept(new Outcome(r.tsih(), negotiated, r.statSn(), r.expCmdSn(), r.maxCmdSn()));
        } catch (IllegalArgumentException e) {
            failed.accept("login to " + target + ": " + e.getMessage());
        }
    }

    static String statusText(int status) {
        return switch (status) {
            case LoginResponse.NOT_FOUND -> "target not found";
            case LoginResponse.MISSING_PARAMETER -> "missing parameter";
            case LoginResponse.UNSUPPORTED_VERSION -> "unsupported version";
            case LoginResponse.SESSION_TYPE_NOT_SUPPORTED -> "session type not supported";
            case LoginResponse.INITIATOR_ERROR -> "initiator error";
            default -> status >= LoginResponse.TARGET_ERROR ? "target error" : "login failed";
        };
    }
}
