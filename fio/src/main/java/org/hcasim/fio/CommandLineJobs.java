package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hcasim.fio.JobFileReader.RawOption;
import org.hcasim.fio.JobFileReader.Section;

/**
 * Jobs written on fio's command line, as fio's parse_cmd_line reads them: {@code --name=x} starts a job and the
 * options after it are that job's; options before the first {@code --name} (or after {@code --name=global}) are
 * global, for every job of the run, those of the job files included. {@code --opt=value}, or {@code --opt value}
 * for an option that takes a value; a flag ({@code --time_based}) takes none. Options are located by their
 * argument's position ({@code command line:3: ...}).
 */
public final class CommandLineJobs {
    /** Where command-line options are said to come from in messages. */
    static final String SOURCE = "command line";

    /** Options fio accepts without a value (FIO_OPT_STR_SET), so the next argument is not theirs. */
    private static final Set<String> FLAGS = Set.of("time_based", "group_reporting", "stonewall", "wait_for_previous",
            "new_group", "thread", "norandommap", "exitall", "exitall_on_error", "readonly");

    final List<RawOption> globals;
    final List<Section> jobs;
    private final List<String> files;

    private CommandLineJobs(List<RawOption> globals, List<Section> jobs, List<String> files) {
        this.globals = List.copyOf(globals);
        this.jobs = List.copyOf(jobs);
        this.files = List.copyOf(files);
    }

    public static final CommandLineJobs NONE = new CommandLineJobs(List.of(), List.of(), List.of());

    /** The job files among the arguments, in order. */
    public List<String> jobFiles() {
        return files;
    }

    boolean isEmpty() {
        return globals.isEmpty() && jobs.isEmpty();
    }

    /** Whether {@code arg} is a job option of fio's command line ({@code --name=x}, {@code --rw=read}). */
    public static boolean isJobOption(String arg) {
        return arg.startsWith("--") && arg.length() > 2;
    }

    /**
     * Reads fio's arguments: job options ({@link #isJobOption}), their values, and job files (any other argument
     * that is not an option's value).
     */
    public static CommandLineJobs parse(List<String> args) {
        List<RawOption> globals = new ArrayList<>();
        List<Section> jobs = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<RawOption> current = globals;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!isJobOption(arg)) {
                files.add(arg);
                continue;
            }
            int argNo = i + 1;
            String body = arg.substring(2);
            int eq = body.indexOf('=');
            String name = (eq < 0 ? body : body.substring(0, eq)).strip();
            String value = eq < 0 ? null : body.substring(eq + 1);
            if (value == null && !FLAGS.contains(name) && i + 1 < args.size() && !isJobOption(args.get(i + 1))) {
                value = args.get(++i);
            }
            if (name.equals("name")) {
                if (value == null || value.isBlank()) throw new JobFileException(SOURCE + ": --name needs a value (--name=jobname)");
                if (value.equals("global")) {
                    current = globals;
                    continue;
                }
                Section job = new Section(value, SOURCE, argNo, new ArrayList<>());
                jobs.add(job);
                current = job.options();
            }
            current.add(new RawOption(name, value, SOURCE, argNo));
        }
        return new CommandLineJobs(globals, jobs, files);
    }
}
