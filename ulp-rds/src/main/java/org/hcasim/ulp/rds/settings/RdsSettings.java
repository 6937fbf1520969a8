package org.hcasim.ulp.rds.settings;

import java.util.Map;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * The {@code rds.*} keys (defaults and their sources in the plugin's {@code defaults.properties}).
 *
 * @param recvWrs            receive WRs per connection (the receive ring)
 * @param sendWrs            send WRs per connection (the send ring, besides the one ACK WR)
 * @param fragmentSize       bytes of message data per fragment (per SEND, per receive buffer)
 * @param maxUnsignaledWrs   send WRs posted between two signalled ones
 * @param flowControl        credit-based flow control
 * @param maxUnackedPackets  messages sent between two that ask the peer for an ACK
 * @param maxUnackedBytes    bytes sent between two messages that ask for an ACK
 * @param connectionsPerPeer RC connections (QPs) between two hosts; a socket uses connection (port mod this)
 * @param socketSndbuf       an RDS socket's sk_sndbuf; sendmsg refuses (EAGAIN) while half of it is in messages
 *                           not yet acknowledged (rds_sk_sndbuf)
 * @param connectionLineSharing the connection's transmit, send-ring and ACK state lines cost a cache-line transfer
 *                           each time another core (a sender, the send or the receive tasklet) touches them
 * @param inXmitContention   RDS_IN_XMIT is held on the timeline: a caller of rds_send_xmit that finds it held leaves
 *                           its queued message to the holder's restart (send.c's cp_send_gen rule)
 * @param krdsdSendWork      cp_send_w on krdsd: sendmsg's -ENOMEM retries a jiffy later, a send completion that
 *                           clears RDS_LL_SEND_FULL queues it at once, rds_send_worker's -ENOMEM two jiffies later
 * @param cpLockContention   cp_lock is the host's spin-lock model (holds in arrival order, spinning, the lock's line
 *                           moving between cores) instead of an uncontended acquisition
 */
public record RdsSettings(
        @Setting("rds.ib.recv-wrs") @Setting.Range(min = 16, max = 65_536) int recvWrs,
        @Setting("rds.ib.send-wrs") @Setting.Range(min = 16, max = 65_536) int sendWrs,
        @Setting(value = "rds.fragment-size", unit = Setting.Unit.SIZE) @Setting.Range(min = 1024, max = 65_536) long fragmentSize,
        @Setting("rds.ib.max-unsignaled-wrs") @Setting.Range(min = 1, max = 65_536) int maxUnsignaledWrs,
        @Setting("rds.ib.flow-control") boolean flowControl,
        @Setting("rds.max-unacked-packets") @Setting.Range(min = 1, max = 1_000_000) int maxUnackedPackets,
        @Setting(value = "rds.max-unacked-bytes", unit = Setting.Unit.SIZE) @Setting.Range(min = 1) long maxUnackedBytes,
        @Setting("rds.ib.connections-per-peer") @Setting.Range(min = 1, max = 1024) int connectionsPerPeer,
        @Setting(value = "rds.socket-sndbuf", unit = Setting.Unit.SIZE) @Setting.Range(min = 2048, max = 1L << 31) long socketSndbuf,
        @Setting("rds.ib.connection-line-sharing") boolean connectionLineSharing,
        @Setting("rds.ib.in-xmit-contention") boolean inXmitContention,
        @Setting("rds.ib.krdsd-send-work") boolean krdsdSendWork,
        @Setting("rds.ib.cp-lock-contention") boolean cpLockContention) {

    /** The key naming the CQ policy of every connection's send and receive CQ. */
    public static final String CQ_POLICY = "rds.ib.cq-policy";

    public RdsSettings {
        if (Long.bitCount(fragmentSize) != 1) {
            throw new InvalidSettingException("rds.fragment-size", Long.toString(fragmentSize), "must be a power of two");
        }
    }

    public static RdsSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(RdsSettings.class);
    }

    /** Fragments (SENDs) a message of {@code length} bytes takes: at least one, also for no data. */
    public int fragments(long length) {
        return (int) Math.max(1, (length + fragmentSize - 1) / fragmentSize);
    }
}
