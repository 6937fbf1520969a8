package org.hcasim.dist.experiment.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.fio.FioJsonReport;
import org.hcasim.fio.FioResults;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/**
 * The metrics of a fio run for experiments (see {@link org.hcasim.spi.WorkloadOutcome}), read from fio's
 * own JSON report, the engine's public output, so experiments see exactly what {@code hcasim fio} prints;
 * host CPU comes from the run report's core groups, as mpstat would measure it.
 */
public final class FioMetrics {
    private FioMetrics() { }

    public static Map<String, Double> of(FioResults results, RunReport report) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(FioJsonReport.render(results, 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double readIops = 0;
        double writeIops = 0;
        double bw = 0;
        double ios = 0;
        double clatWeighted = 0;
        JsonNode jobs = root.has("jobs") ? root.get("jobs") : root.get("client_stats");
        for (JsonNode job : jobs) {
            if (job.path("jobname").asText().equals(FioJsonReport.ALL_CLIENTS)) continue; // the hosts' sum
            for (String dir : new String[] {"read", "write"}) {
                JsonNode d = job.get(dir);
                double iops = d.get("iops").asDouble();
                long n = d.get("total_ios").asLong();
                if (dir.equals("read")) {
                    readIops += iops;
                } else {
                    writeIops += iops;
                }
                bw += d.get("bw_bytes").asDouble();
                ios += n;
                clatWeighted += d.at("/clat_ns/mean").asDouble() * n;
            }
        }
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("iops", readIops + writeIops);
        m.put("kiops", (readIops + writeIops) / 1000);
        m.put("read_iops", readIops);
        m.put("write_iops", writeIops);
        m.put("bw_bytes", bw);
        m.put("ios", ios);
        m.put("clat_mean_ns", ios == 0 ? 0 : clatWeighted / ios);
        for (ResourceUsage r : report.resources()) {
            if (r.kind().equals("cpu") && r.name().endsWith("/cpus")) {
                String host = r.name().substring(0, r.name().length() - "/cpus".length());
                m.put("cpu_pct." + host, 100 * r.utilisation());
            }
        }
        return m;
    }
}
