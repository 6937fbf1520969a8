package org.hcasim.fio;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * fio's per-job {@code steadystate} object (stat.c's add_ss), for a job with {@code ss=} and a window: the criterion
 * as written, the window in seconds, whether it was attained, the last criterion value, deviation and slope, and the
 * window's per-second IOPS and bandwidth samples oldest first with their integer means.
 */
final class SteadyStateJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SteadyStateJson() {
    }

    static ObjectNode of(JobResult r) {
        SteadyState ss = r.job.steadyState();
        FioSteadyStateCriterion c = r.steadyState != null ? r.steadyState : new FioSteadyStateCriterion(ss);
        ObjectNode o = MAPPER.createObjectNode();
        String pct = ss.percent() ? "%" : "";
        o.put("ss", ss.criterion() + ":" + String.format(Locale.ROOT, "%f", (float) ss.limit()) + pct);
        o.put("duration", ss.samples());
        o.put("attained", c.attained ? 1 : 0);
        o.put("criterion", String.format(Locale.ROOT, "%f", (float) c.criterion) + pct);
        o.put("max_deviation", c.deviation);
        o.put("slope", c.slope);
        ObjectNode data = o.putObject("data");
        long[] iops = c.ordered(c.iops);
        long[] bw = c.ordered(c.bw);
        data.put("bw_mean", mean(bw));
        data.put("iops_mean", mean(iops));
        ArrayNode iopsArray = data.putArray("iops");
        for (long v : iops) iopsArray.add(v);
        ArrayNode bwArray = data.putArray("bw");
        for (long v : bw) bwArray.add(v);
        return o;
    }

    /** fio's steadystate_*_mean: the sum over the window's samples divided by their number, in integers. */
    static long mean(long[] samples) {
        long sum = 0;
        for (long v : samples) sum += v;
        return samples.length == 0 ? 0 : sum / samples.length;
    }
}
