package org.hcasim.fio;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * fio's per-job {@code steadystate} object, for a job with {@code ss=}: its criterion, window, and the per-second
 * IOPS and bandwidth of the last window. Detection is not implemented, so {@code attained} is 0 and the criterion,
 * deviation and slope are 0 too; the data is what the job did.
 */
final class SteadyStateJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SteadyStateJson() {
    }

    static ObjectNode of(JobResult r) {
        SteadyState ss = r.job.steadyState();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("ss", ss.criterion() + ":" + String.format(Locale.ROOT, "%f", ss.limit()) + (ss.percent() ? "%" : ""));
        long seconds = ss.durationNs() / 1_000_000_000L;
        o.put("duration", seconds);
        o.put("attained", 0);
        o.put("criterion", ss.percent() ? "0.000000%" : "0.000000");
        o.put("max_deviation", 0.0);
        o.put("slope", 0.0);
        ObjectNode data = o.putObject("data");
        // per-second sums over the last `seconds` whole seconds the job measured (two 500 ms windows each)
        int windowsPerSecond = (int) (1_000_000_000L / DirectionStats.SAMPLE_WINDOW_NS);
        int full = (int) (r.runtimeNs / 1_000_000_000L);
        int first = (int) Math.max(0, full - seconds);
        ArrayNode iops = MAPPER.createArrayNode();
        ArrayNode bw = MAPPER.createArrayNode();
        long iopsSum = 0;
        long bwSum = 0;
        for (int s = first; s < full; s++) {
            long ios = 0;
            long bytes = 0;
            for (int w = s * windowsPerSecond; w < (s + 1) * windowsPerSecond; w++) {
                for (DirectionStats d : new DirectionStats[] {r.read, r.write}) {
                    if (w < d.windows.size()) {
                        bytes += d.windows.get(w)[0];
                        ios += d.windows.get(w)[1];
                    }
                }
            }
            iops.add(ios);
            bw.add(bytes);
            iopsSum += ios;
            bwSum += bytes;
        }
        int n = Math.max(1, full - first);
        data.put("bw_mean", bwSum / n);
        data.put("iops_mean", iopsSum / n);
        data.set("iops", iops);
        data.set("bw", bw);
        return o;
    }
}
