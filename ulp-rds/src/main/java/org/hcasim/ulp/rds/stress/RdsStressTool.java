package org.hcasim.ulp.rds.stress;

import java.util.List;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.ToolContext;
import org.hcasim.spi.UlpTool;

/** {@code hcasim rds-stress}: rds-tools' rds-stress on a simulated two-host RDS testbed. */
public final class RdsStressTool implements UlpTool {
    /** The default testbed: two X8-2 hosts with a ConnectX-5 VF each. */
    public static final String TESTBED = "/org/hcasim/ulp/rds/stress/rds-stress-testbed.properties";
    /** Simulated time at full depth before the first reported second (DIM settles, the rings fill). */
    static final long WARMUP_NS = 10_000_000L;

    @Override
    public String name() {
        return "rds-stress";
    }

    @Override
    public String description() {
        return "rds-stress (rds-tools) between two simulated hosts over RDS: requests of -q bytes, acks of -a bytes,"
                + " -t tasks, -d outstanding per peer task";
    }

    @Override
    public int run(List<String> args, ToolContext context) {
        RdsStressOptions options;
        try {
            options = RdsStressOptions.parse(args);
        } catch (RdsStressOptions.HelpRequested help) {
            context.out().print(RdsStressOptions.usage());
            return 0;
        } catch (UsageException e) {
            context.err().println("rds-stress: " + e.getMessage() + " (see 'hcasim rds-stress --help')");
            return 2;
        }
        TestbedSpec testbed = testbed(options);
        RdsStressRun run = new RdsStressRun(options, WARMUP_NS, 1_000_000_000L, options.seconds());
        context.runCustom(testbed, run);
        RdsStressRun.Result result = run.result();
        context.out().print(options.json() ? RdsStressReport.json(result, options) : RdsStressReport.text(result, options));
        if (result.connectionLost() != null) {
            context.err().println("rds-stress: " + result.connectionLost() + "; rds_ib's reconnect and retransmission"
                    + " are not modelled, so the run stopped after " + result.intervals().size() + " of "
                    + options.seconds() + " intervals (docs/faults.md)");
            return 1;
        }
        long errors = Math.round(RdsStressRun.metrics(result).get("verify_errors"));
        if (errors > 0) {
            context.err().println("rds-stress: " + errors + " messages failed verification (-v)");
            return 1;
        }
        return 0;
    }

    /** The rds-stress testbed with the connections of every instance (--instances x --qps). */
    public static TestbedSpec testbed(RdsStressOptions options) {
        return TestbedSpec.resource(RdsStressTool.class, TESTBED)
                .with("rds.ib.connections-per-peer", Integer.toString(options.connections()));
    }

    /** -v checks bytes, which runs that elide payload do not store. */
    static void requireStoredPayload(RdsStressOptions options, boolean payloadReal) {
        if (options.verify() && !payloadReal) {
            throw new InvalidSettingException("sim.payload", "elided", "rds-stress -v checks message bytes: needs real");
        }
    }
}
