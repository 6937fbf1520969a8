package org.hcasim.dist.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.TextFiles;
import org.hcasim.core.config.UserException;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.core.testbed.BlockTestbedSpec;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.report.OutputTargets;
import org.hcasim.fio.FioJob;
import org.hcasim.fio.FioJsonReport;
import org.hcasim.fio.FioResults;
import org.hcasim.fio.FioRun;
import org.hcasim.fio.FioTestbed;
import org.hcasim.fio.FioTextReport;
import org.hcasim.fio.JobFileParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code hcasim fio}: runs fio job files against a simulated block ULP and reports as fio does. */
@Command(name = "fio", mixinStandardHelpOptions = true,
        description = {"Run fio job files on a simulated testbed; ioengine names the block ULP (e.g. nvmeof).",
            "Without --testbed: an initiator and a target host with a ConnectX-5 each on one 100 Gb/s switch, "
                + "the target on a null backstore (see docs/testbed.md). Job file options: docs/fio.md.",
            "With fault.* settings (--set or the testbed file) it injects faults and gives their account after the report "
                + "(docs/faults.md)."})
public final class FioCommand implements Callable<Integer> {

    /** fio's output formats hcasim produces. */
    public enum OutputFormat { normal, json }

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "normal",
            description = "normal (fio's text) or json (fio's JSON schema). Default: ${DEFAULT-VALUE}.")
    OutputFormat format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
    Path output;

    @Parameters(paramLabel = "JOBFILE", arity = "1..*", description = "fio job files; each after the first is stonewalled, as in fio.")
    List<Path> jobFiles;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (output != null) OutputTargets.file("--output", output); // before the run, not after it
        List<JobFileParser.JobFileText> texts = new ArrayList<>();
        for (Path p : jobFiles) texts.add(new JobFileParser.JobFileText(p.toString(), read(p)));
        JobFileParser.JobSet jobs = JobFileParser.parse(texts);
        HcasimConfig config = configOptions.load(Installation.current());
        BlockTestbed testbed = new BlockTestbed(BlockTestbedSpec.from(config), config, Installation.current().ulps(), jobs.ioengines());
        PrintWriter err = spec.commandLine().getErr();
        if (explicitlyBuffered(jobs)) {
            err.println("note: direct=0 runs as direct I/O; hcasim models no page cache");
        }
        long epochMillis = wallClockStart();
        FioResults results = new FioRun(FioTestbed.of(testbed), line -> {
            err.println(line);
            err.flush();
        }).run(jobs);
        config.checkAllKeysUsed();
        String report = format == OutputFormat.json ? FioJsonReport.render(results, epochMillis)
                : FioTextReport.header(jobs) + FioTextReport.render(results, epochMillis);
        write(report);
        return results.anyError() ? 1 : 0;
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

    private static String read(Path p) {
        return TextFiles.read(p, "job file");
    }
}
