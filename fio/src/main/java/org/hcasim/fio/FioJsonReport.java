package org.hcasim.fio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** fio's {@code --output-format=json} document (the fio 3.x schema) for a run. */
public final class FioJsonReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The jobname of fio's client-mode aggregate of every host. */
    public static final String ALL_CLIENTS = "All clients";

    private FioJsonReport() {
    }

    /** The document as text; {@code epochMillis} is the run's wall-clock start (fio's "timestamp"). */
    public static String render(FioResults results, long epochMillis) {
        return render(results, epochMillis, false);
    }

    /** With {@code plus}, fio's {@code json+}: each clat distribution also lists its bins (latency ns: count). */
    public static String render(FioResults results, long epochMillis, boolean plus) {
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return MAPPER.writer(pp).writeValueAsString(document(results, epochMillis, plus)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode document(FioResults results, long epochMillis, boolean plus) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("fio version", FioFormat.FIO_VERSION);
        root.put("timestamp", epochMillis / 1000);
        root.put("timestamp_ms", epochMillis);
        root.put("time", FioFormat.ctime(epochMillis));
        ObjectNode globals = root.putObject("global options");
        putOptions(globals, results.jobSet.globalOptions());
        Map<Integer, JobResult> groups = results.groups();
        if (!results.clients()) {
            ArrayNode jobs = root.putArray("jobs");
            for (JobResult r : results.reported()) {
                jobs.add(job(r, groups.get(r.job.groupId()), plus));
            }
            return withFaults(root, results);
        }
        // fio --client: every host's jobs in client_stats with its hostname, then "All clients" per group
        ArrayNode stats = root.putArray("client_stats");
        for (String host : results.hosts) {
            FioResults mine = results.forHost(host);
            Map<Integer, JobResult> myGroups = mine.groups();
            for (JobResult r : mine.reported()) {
                stats.add(job(r, myGroups.get(r.job.groupId()), plus).put("hostname", host));
            }
        }
        for (JobResult g : groups.values()) {
            stats.add(job(g, g, plus).put("jobname", ALL_CLIENTS));
        }
        return withFaults(root, results);
    }

    /** The run's fault account (docs/faults.md) after fio's own keys, when it injected any: a map per section. */
    private static ObjectNode withFaults(ObjectNode root, FioResults results) {
        if (results.faults == null) return root;
        ObjectNode faults = root.putObject("hcasim faults");
        for (org.hcasim.core.fault.FaultLedger.Section s : org.hcasim.core.fault.FaultLedger.Section.values()) {
            var counts = results.faults.section(s);
            if (counts.isEmpty()) continue;
            ObjectNode section = faults.putObject(s.label());
            counts.forEach(section::put);
        }
        return root;
    }

    private static ObjectNode job(JobResult r, JobResult group, boolean plus) {
        Reporting rep = r.job.reporting();
        ObjectNode j = MAPPER.createObjectNode();
        j.put("jobname", r.job.name());
        j.put("groupid", r.job.groupId());
        j.put("error", r.error);
        if (r.job.continueOnError() != 0) {
            j.put("total_err", r.totalErrors);
            j.put("first_error", r.firstError);
        }
        j.put("eta", 0);
        j.put("elapsed", Math.round(r.elapsedNs / 1e9));
        ObjectNode opts = j.putObject("job options");
        putOptions(opts, r.job.jobOptions());
        j.set("read", direction(r.read, group.read, rep, plus));
        j.set("write", direction(r.write, group.write, rep, plus));
        j.set("trim", direction(new DirectionStats(), new DirectionStats(), rep, plus));
        ObjectNode sync = j.putObject("sync");
        sync.put("total_ios", r.sync.count());
        sync.set("lat_ns", latency(r.sync, rep.percentiles(), false));
        j.put("job_runtime", Math.round(r.runtimeNs / 1e6));
        j.put("usr_cpu", r.usrPercent());
        j.put("sys_cpu", r.sysPercent());
        j.put("ctx", r.contextSwitches);
        j.put("majf", 0);
        j.put("minf", 0);
        ObjectNode depth = j.putObject("iodepth_level");
        long submits = 0;
        for (long n : r.depthSubmits) submits += n;
        for (int i = 0; i < JobResult.DEPTH_LABELS.length; i++) {
            depth.put(JobResult.DEPTH_LABELS[i], submits == 0 ? 0.0 : 100.0 * r.depthSubmits[i] / submits);
        }
        batches(j.putObject("iodepth_submit"), r.submitBatches);
        batches(j.putObject("iodepth_complete"), r.completeBatches);
        LatencyStats lat = new LatencyStats();
        lat.add(r.read.lat);
        lat.add(r.write.lat);
        latencyBuckets(j.putObject("latency_ns"), lat, 1, false);
        latencyBuckets(j.putObject("latency_us"), lat, 1_000, false);
        latencyBuckets(j.putObject("latency_ms"), lat, 1_000_000, true);
        j.put("latency_depth", r.job.iodepth());
        j.put("latency_target", 0);
        j.put("latency_percentile", 100.0);
        j.put("latency_window", 0);
        if (r.job.steadyState() != null && r.job.steadyState().enabled()) j.set("steadystate", SteadyStateJson.of(r));
        return j;
    }

    private static void batches(ObjectNode o, long[] counts) {
        long calls = 0;
        for (long n : counts) calls += n;
        for (int i = 0; i < JobResult.BATCH_LABELS.length; i++) {
            o.put(JobResult.BATCH_LABELS[i], calls == 0 ? 0.0 : 100.0 * counts[i] / calls);
        }
    }

    private static ObjectNode direction(DirectionStats d, DirectionStats group, Reporting rep, boolean plus) {
        double[] none = null;
        ObjectNode o = MAPPER.createObjectNode();
        o.put("io_bytes", d.bytes);
        o.put("io_kbytes", d.bytes / 1024);
        o.put("bw_bytes", d.bwBytes());
        o.put("bw", d.bwBytes() / 1024);
        o.put("iops", d.iops());
        o.put("runtime", d.ios == 0 ? 0 : d.runtimeMs());
        o.put("total_ios", d.ios);
        o.put("short_ios", 0);
        o.put("drop_ios", 0);
        o.set("slat_ns", latency(d.slat, rep.slatPercentiles() ? rep.percentiles() : none, false));
        o.set("clat_ns", latency(d.clat, rep.clatPercentiles() || rep.latPercentiles() ? rep.percentiles() : none, plus));
        o.set("lat_ns", latency(d.lat, rep.latPercentiles() ? rep.percentiles() : none, false));
        DirectionStats.Samples bw = d.bwSamplesKiB();
        o.put("bw_min", bw.min());
        o.put("bw_max", bw.max());
        o.put("bw_agg", group.bwBytes() == 0 ? 0.0 : 100.0 * d.bwBytes() / group.bwBytes());
        o.put("bw_mean", bw.mean());
        o.put("bw_dev", bw.stddev());
        o.put("bw_samples", bw.count());
        DirectionStats.Samples iops = d.iopsSamples();
        o.put("iops_min", iops.min());
        o.put("iops_max", iops.max());
        o.put("iops_mean", iops.mean());
        o.put("iops_stddev", iops.stddev());
        o.put("iops_samples", iops.count());
        return o;
    }

    /** A distribution; {@code percentiles} null for none, {@code bins} for json+'s per-value counts. */
    private static ObjectNode latency(LatencyStats s, double[] percentiles, boolean bins) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("min", s.min());
        o.put("max", s.max());
        o.put("mean", s.mean());
        o.put("stddev", s.stddev());
        o.put("N", s.count());
        if (percentiles != null && s.count() > 0) {
            ObjectNode p = o.putObject("percentile");
            for (double q : percentiles) p.put(FioFormat.percentileKey(q), s.percentile(q));
        }
        if (bins && s.count() > 0) {
            ObjectNode b = o.putObject("bins");
            s.bins().forEach((value, count) -> b.put(Long.toString(value), count));
        }
        return o;
    }

    /** fio's latency distribution: share of I/Os per bucket, bucket "x" covering (previous, x] in the unit. */
    static final long[] BUCKETS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};

    private static void latencyBuckets(ObjectNode o, LatencyStats lat, long unitNs, boolean msec) {
        long low = unitNs == 1 ? 0 : unitNs - 1; // everything below this unit belongs to the smaller unit
        long previous = low;
        for (long b : BUCKETS) {
            long high = b * unitNs - 1;
            o.put(Long.toString(b), lat.percentBetween(previous, high));
            previous = high;
        }
        if (msec) {
            long high = 2000 * unitNs - 1;
            o.put("2000", lat.percentBetween(previous, high));
            o.put(">=2000", lat.percentBetween(high, Long.MAX_VALUE));
        }
    }

    /** As fio lists options: under their canonical names, and only those given a value (a bare {@code time_based} is not). */
    private static void putOptions(ObjectNode into, java.util.Map<String, String> options) {
        options.forEach((name, value) -> {
            if (!value.isEmpty()) into.put(FioOptionNames.canonical(name), value);
        });
    }
}
