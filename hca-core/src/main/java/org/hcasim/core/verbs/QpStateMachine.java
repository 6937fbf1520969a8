package org.hcasim.core.verbs;

import java.util.Set;
import org.hcasim.core.verbs.mkey.AccessBits;
import org.hcasim.core.verbs.mkey.AccessRules;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.QpAddress;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.VerbsException;

/**
 * The RC QP state (RESET, INIT, RTR, RTS, ERR) and the attributes each transition sets: access flags (INIT), the
 * remote QP and RNR timer (RTR), ACK timeout and retry counts (RTS). Validates modify like ib_modify_qp; what a
 * transition does to the queues (flush, rewind) is the {@link SimQueuePair}'s.
 */
final class QpStateMachine {
    private final String qpName;
    private QpState state = QpState.RESET;
    private Set<AccessFlag> access = Set.of();
    private int accessBits;
    private QpAddress remote;
    private int minRnrTimer = 12;
    private int timeout = 14;
    private int retryCount = 7;
    private int rnrRetry = 7;
    private boolean destroyed;

    QpStateMachine(String qpName) {
        this.qpName = qpName;
    }

    QpState state() {
        return state;
    }

    /** The requester runs: RTS and not destroyed. */
    boolean sending() {
        return state == QpState.RTS && !destroyed;
    }

    /** The responder takes requests: RTR or RTS and not destroyed. */
    boolean receiving() {
        return !destroyed && (state == QpState.RTR || state == QpState.RTS);
    }

    boolean destroyed() {
        return destroyed;
    }

    Set<AccessFlag> access() {
        return access;
    }

    /** Whether the QP's access flags grant every right of {@code bits} ({@link AccessBits}) to remote requests. */
    boolean allows(int bits) {
        return (accessBits & bits) == bits;
    }

    QpAddress remote() {
        return remote;
    }

    int minRnrTimer() {
        return minRnrTimer;
    }

    /** The local ACK timeout code (4.096 us x 2^timeout; 0 = wait forever). */
    int timeout() {
        return timeout;
    }

    int retryCount() {
        return retryCount;
    }

    /** RNR retries; 7 means retry forever. */
    int rnrRetry() {
        return rnrRetry;
    }

    QpAttributes query() {
        return new QpAttributes(state, access, remote, minRnrTimer, timeout, retryCount, rnrRetry);
    }

    void requireNotDestroyed(String verb) {
        if (destroyed) {
            throw new VerbsException(Errno.EINVAL, verb + " on destroyed " + qpName);
        }
    }

    /** RESET -> INIT, INIT -> INIT, INIT -> RTR, RTR -> RTS or RTS -> RTS with the attributes {@code a} carries. */
    void advance(QpAttributes a) {
        QpState to = a.state();
        switch (to) {
            case INIT -> {
                if (state != QpState.RESET && state != QpState.INIT) {
                    throw illegal(to);
                }
                if (a.access() == null && state == QpState.RESET) {
                    throw new VerbsException(Errno.EINVAL, "modifyQp RESET->INIT needs the access flags");
                }
                if (a.access() != null) {
                    AccessRules.requireLocalWriteForRemoteWrite(a.access(), "modifyQp INIT");
                    access = Set.copyOf(a.access());
                    accessBits = AccessBits.of(access);
                }
                state = QpState.INIT;
            }
            case RTR -> {
                if (state != QpState.INIT) {
                    throw illegal(to);
                }
                if (a.remote() == null) {
                    throw new VerbsException(Errno.EINVAL, "modifyQp INIT->RTR needs the remote QP address");
                }
                if (a.minRnrTimer() >= 0) {
                    requireAttr("minRnrTimer", a.minRnrTimer(), 31);
                    minRnrTimer = a.minRnrTimer();
                }
                remote = a.remote();
                state = QpState.RTR;
            }
            case RTS -> {
                if (state != QpState.RTR && state != QpState.RTS) {
                    throw illegal(to);
                }
                if (a.timeout() >= 0) {
                    requireAttr("timeout", a.timeout(), 31);
                    timeout = a.timeout();
                }
                if (a.retryCount() >= 0) {
                    requireAttr("retryCount", a.retryCount(), 7);
                    retryCount = a.retryCount();
                }
                if (a.rnrRetry() >= 0) {
                    requireAttr("rnrRetry", a.rnrRetry(), 7);
                    rnrRetry = a.rnrRetry();
                }
                state = QpState.RTS;
            }
            default -> throw new IllegalArgumentException("advance() takes INIT, RTR or RTS, not " + to);
        }
    }

    /** Any state -> RESET: the remote is forgotten (attributes set earlier stay, as on mlx5). */
    void reset() {
        state = QpState.RESET;
        remote = null;
    }

    /** To ERR; false when already there or destroyed (nothing to do). */
    boolean toError() {
        if (state == QpState.ERR || destroyed) {
            return false;
        }
        state = QpState.ERR;
        return true;
    }

    /** Destroyed: RESET for whoever still looks; false when it already was. */
    boolean destroy() {
        if (destroyed) {
            return false;
        }
        destroyed = true;
        state = QpState.RESET;
        return true;
    }

    private static void requireAttr(String name, int value, int max) {
        if (value > max) {
            throw new VerbsException(Errno.EINVAL, "modifyQp: " + name + " " + value + " outside 0.." + max);
        }
    }

    private VerbsException illegal(QpState to) {
        return new VerbsException(Errno.EINVAL, "modifyQp: " + qpName + " cannot go from " + state + " to " + to);
    }
}
