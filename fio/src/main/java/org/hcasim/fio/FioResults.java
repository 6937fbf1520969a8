package org.hcasim.fio;

import org.hcasim.core.fault.FaultLedger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The results of a run, per job and per reporting group, ready for the text and JSON reports. */
public final class FioResults {
    final JobFileParser.JobSet jobSet;
    final List<JobResult> jobs;
    /** The initiator hosts when there are several (fio --client mode), else empty. */
    final List<String> hosts;
    final long simulatedNs;
    /** The jobs' log files (write_bw_log, ...) by file name. */
    private final Map<String, String> logs;

    /** The account of the run's injected faults (docs/faults.md), or null when it injected none. */
    final FaultLedger faults;

    FioResults(JobFileParser.JobSet jobSet, List<JobResult> jobs, List<String> hosts, long simulatedNs, Map<String, String> logs) {
        this(jobSet, jobs, hosts, simulatedNs, logs, null);
    }

    FioResults(JobFileParser.JobSet jobSet, List<JobResult> jobs, List<String> hosts, long simulatedNs, Map<String, String> logs,
               FaultLedger faults) {
        this.jobSet = jobSet;
        this.jobs = List.copyOf(jobs);
        this.hosts = List.copyOf(hosts);
        this.simulatedNs = simulatedNs;
        this.logs = Map.copyOf(logs);
        this.faults = faults;
    }

    /** The log files the jobs asked for, by file name, in fio's log format. */
    public Map<String, String> logFiles() {
        return new java.util.TreeMap<>(logs);
    }

    /** The account of the run's injected faults, or null when it injected none. */
    public FaultLedger faults() {
        return faults;
    }

    /** The results of the jobs that ran on {@code host}, as a run of their own. */
    FioResults forHost(String host) {
        return new FioResults(jobSet, jobs.stream().filter(r -> r.host.equals(host)).toList(), List.of(), simulatedNs, Map.of());
    }

    /** Whether the jobs ran on several initiator hosts (then the reports show each host and "All clients"). */
    boolean clients() {
        return !hosts.isEmpty();
    }

    /** Results as fio lists them: one per job, or one merged result per group whose jobs use group_reporting. */
    List<JobResult> reported() {
        List<JobResult> out = new ArrayList<>();
        Map<Integer, JobResult> merged = new LinkedHashMap<>();
        for (JobResult r : jobs) {
            if (!r.job.groupReporting()) {
                out.add(r);
                continue;
            }
            JobResult m = merged.get(r.job.groupId());
            if (m == null) {
                m = new JobResult(r.job);
                m.jobs = 0;
                merged.put(r.job.groupId(), m);
                out.add(m);
            }
            m.add(r);
        }
        return out;
    }

    /** All results of each group merged (for "Run status group" lines). */
    Map<Integer, JobResult> groups() {
        Map<Integer, JobResult> groups = new LinkedHashMap<>();
        for (JobResult r : jobs) {
            groups.computeIfAbsent(r.job.groupId(), g -> {
                JobResult m = new JobResult(r.job);
                m.jobs = 0;
                return m;
            }).add(r);
        }
        return groups;
    }

    /** Whether a job failed, or went on after errors ({@code continue_on_error}): {@code hcasim fio} then exits 1. */
    public boolean anyError() {
        return jobs.stream().anyMatch(r -> r.error != 0 || r.totalErrors > 0);
    }

    public List<String> jobNames() {
        return jobs.stream().map(r -> r.job.name()).toList();
    }
}
