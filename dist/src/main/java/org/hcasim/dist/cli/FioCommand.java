package org.hcasim.dist.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.TextFiles;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.experiment.run.FioJobRun;
import org.hcasim.dist.report.RunReportText;
import org.hcasim.fio.CommandLineJobs;
import org.hcasim.dist.report.OutputTargets;
import org.hcasim.fio.FioJob;
import org.hcasim.fio.FioJsonReport;
import org.hcasim.fio.FioResults;
import org.hcasim.fio.FioRun;
import org.hcasim.fio.FioTerseReport;
import org.hcasim.fio.FioTextReport;
import org.hcasim.fio.JobFileParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hcasim fio}: runs fio jobs, from job files and fio's own command-line job options, against a simulated
 * block ULP and reports as fio does. Arguments picocli does not know ({@code --name=x --rw=read ...}) are fio's job
 * options, kept in order with the job files so that fio's rules apply (see {@link CommandLineJobs}): the command
 * line makes them positional ({@code HcasimCommand.commandLine}).
 */
@Command(name = "fio", mixinStandardHelpOptions = true,
        description = {"Run fio jobs (job files and/or fio's command-line jobs) on a simulated testbed.",
            "Command-line jobs as fio's: --name=NAME --rw=randread --bs=4k ... ioengine names the block ULP (nvmeof, iser, srp); a host engine",
            "(libaio, io_uring, ...) runs as the ULP of the device the job names (/dev/nvme0n1: nvmeof), with a note.",
            "Without --testbed: an initiator and a target host with a ConnectX-5 each on one 100 Gb/s switch, "
                + "the target on a null backstore (see docs/testbed.md). Job options: docs/fio.md.",
            "A time-based job of 1 s or more without fio's ss= stops once its IOPS are steady, with a note",
            "(--set sim.steady-state=off runs its whole runtime); ss=, ss_dur=, ss_ramp= work as in fio.",
            "With fault.* settings (--set or the testbed file) it injects faults and gives their account after the report "
                + "(docs/faults.md)."},
        footer = {"", "Examples:", "  hcasim fio examples/nvmeof-randread.fio",
            "  hcasim fio --name=r --filename=/dev/nvme0n1 --ioengine=libaio --rw=randread --bs=4k --iodepth=32 "
                + "--numjobs=8 --runtime=100ms --time_based --group_reporting",
            "  hcasim fio --report --output-format=json examples/nvmeof-randread.fio"})
public final class FioCommand implements Callable<Integer> {

    /** fio's output formats hcasim produces. */
    private static final Set<String> FORMATS = Set.of("normal", "json", "json+", "terse");

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "normal",
            description = "normal (fio's text), json, json+ (json with latency bins) or terse (v3), or several "
                    + "separated by commas. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--minimal", description = "fio's terse output (as --output-format=terse).")
    boolean minimal;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
    Path output;

    @Option(names = "--status-interval", paramLabel = "TIME",
            description = "Also report the results so far every TIME of simulated time (seconds, or with a unit: 500ms).")
    String statusInterval;

    @Option(names = "--report", description = "After fio's output, the run report: utilisation per resource and what "
            + "limited the run (as hcasim reproduce shows per point).")
    boolean report;

    @Option(names = {"--eta", "--eta-newline", "--eta-interval"}, paramLabel = "WHEN", hidden = true,
            description = "fio's progress display; accepted and ignored (a simulation has no ETA to show).")
    String eta;

    @Option(names = "--quiet", description = "No progress bar (one shows on a terminal for runs longer than a second; never when stderr is not a terminal).")
    boolean quiet;

    @Parameters(paramLabel = "JOBFILE|--OPTION", arity = "0..*",
            description = "fio job files and fio job options (--name=NAME starts a job, options before the first --name "
                    + "are global); each job file after the first is stonewalled, as in fio.")
    List<String> arguments = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (output != null) OutputTargets.file("--output", output); // before the run, not after it
        List<String> formats = formats();
        long intervalNs = statusInterval == null ? 0 : statusIntervalNs(statusInterval);
        CommandLineJobs commandLine = CommandLineJobs.parse(arguments);
        List<JobFileParser.JobFileText> texts = new ArrayList<>();
        for (String p : commandLine.jobFiles()) texts.add(new JobFileParser.JobFileText(p, TextFiles.read(Path.of(p), "job file")));
        JobFileParser.JobSet jobs = JobFileParser.parse(commandLine, texts);
        HcasimConfig config = configOptions.load(Installation.current());
        PrintWriter err = spec.commandLine().getErr();
        if (explicitlyBuffered(jobs)) {
            err.println("note: direct=0 runs as direct I/O; hcasim models no page cache");
        }
        long epochMillis = wallClockStart();
        StringBuilder statusOut = new StringBuilder();
        FioRun.Progress bar = FioProgressBar.choose(quiet, org.hcasim.dist.experiment.grid.ConsoleProgress.onTerminal(), System.err);
        FioJobRun.Outcome outcome;
        try {
            outcome = FioJobRun.run(jobs, config, Installation.current().ulps(), line -> {
                if (bar instanceof FioProgressBar b) b.clear();
                err.println(line);
                err.flush();
            }, intervalNs, now -> statusOut.append(render(now, jobs, formats, epochMillis, false)), bar);
        } finally {
            if (bar instanceof FioProgressBar b) b.clear();
        }
        for (String note : outcome.notes()) err.println("note: " + note);
        err.flush();
        FioResults results = outcome.results();
        String text = statusOut + render(results, jobs, formats, epochMillis, true)
                + (report ? "\n" + RunReportText.render(outcome.report()) : "");
        write(text);
        writeLogs(results.logFiles());
        return results.anyError() ? 1 : 0;
    }

    private List<String> formats() {
        Set<String> chosen = new LinkedHashSet<>();
        for (String f : format.split(",")) {
            String name = f.strip();
            if (!FORMATS.contains(name)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--output-format " + format
                        + ": unknown format '" + name + "' (normal, json, json+, terse)");
            }
            chosen.add(name);
        }
        if (minimal) chosen = new LinkedHashSet<>(List.of("terse"));
        return List.copyOf(chosen);
    }

    /** fio's report in each chosen format; the text header ("Starting N processes") only in the final one. */
    private static String render(FioResults results, JobFileParser.JobSet jobs, List<String> formats, long epochMillis,
                                 boolean last) {
        StringBuilder b = new StringBuilder();
        for (String f : formats) {
            b.append(switch (f) {
                case "json" -> FioJsonReport.render(results, epochMillis);
                case "json+" -> FioJsonReport.render(results, epochMillis, true);
                case "terse" -> FioTerseReport.render(results);
                default -> (last ? FioTextReport.header(jobs) : "") + FioTextReport.render(results, epochMillis);
            });
        }
        return b.toString();
    }

    /** fio's --status-interval takes seconds, or a time with a unit. */
    private static long statusIntervalNs(String text) {
        var m = java.util.regex.Pattern.compile("(\\d+)\\s*(ns|us|ms|s|m|h)?").matcher(text.strip());
        if (!m.matches()) throw new UserException("--status-interval " + text + ": expected a time, e.g. 1 (second) or 500ms");
        long n = Long.parseLong(m.group(1));
        long unit = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        if (n <= 0) throw new UserException("--status-interval " + text + ": must be more than 0");
        return Math.multiplyExact(n, unit);
    }

    /** True when a job file asks for buffered I/O in so many words (fio's default direct=0 goes unremarked). */
    private static boolean explicitlyBuffered(JobFileParser.JobSet jobs) {
        for (FioJob job : jobs.jobs()) {
            boolean written = job.jobOptions().containsKey("direct") || job.jobOptions().containsKey("buffered")
                    || jobs.globalOptions().containsKey("direct") || jobs.globalOptions().containsKey("buffered");
            if (written && !job.direct()) return true;
        }
        return false;
    }

    /** fio's "timestamp" is wall-clock; SOURCE_DATE_EPOCH (seconds) pins it for byte-identical output. */
    private static long wallClockStart() {
        String fixed = System.getenv("SOURCE_DATE_EPOCH");
        if (fixed != null && fixed.matches("\\d+")) return Long.parseLong(fixed) * 1000;
        return System.currentTimeMillis();
    }

    private void write(String report) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(report);
            out.flush();
            return;
        }
        try {
            Files.writeString(output, report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserException("cannot write --output " + output + ": " + e.getMessage());
        }
    }

    /** The jobs' write_*_log files, where fio writes them: the prefix as a path, relative to the working directory. */
    private static void writeLogs(Map<String, String> logs) {
        for (var log : logs.entrySet()) {
            try {
                Files.writeString(Path.of(log.getKey()), log.getValue(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserException("cannot write the log file " + log.getKey() + ": " + e.getMessage());
            }
        }
    }
}
