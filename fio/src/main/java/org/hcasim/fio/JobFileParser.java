package org.hcasim.fio;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hcasim.core.config.KeySuggester;
import org.hcasim.fio.JobFileReader.RawOption;
import org.hcasim.fio.JobFileReader.Section;

/**
 * Turns job files and command-line jobs into {@link FioJob}s as fio does: a {@code [global]} section's options apply
 * to the jobs that follow it in the same file (a later {@code [global]} adds to and overrides them), every other
 * section is a job, {@code numjobs=N} clones a job N times, and each job file after the first starts with an
 * implicit {@code stonewall}. Command-line globals apply to every job; command-line jobs come before the files'.
 */
public final class JobFileParser {

    /** A job file's name (for messages) and text. */
    public record JobFileText(String name, String text) {
    }

    /**
     * The parsed run: the jobs in order, the global options (for fio's JSON "global options") and the notes on
     * what hcasim does differently from fio (ignored file options, ...), each once.
     */
    public record JobSet(List<FioJob> jobs, Map<String, String> globalOptions, List<String> notes) {
        public JobSet {
            jobs = List.copyOf(jobs);
            notes = List.copyOf(notes);
        }

        /** The ULPs the jobs name, in job order, each once: the ULPs of their testbed unless testbed.ulps says. */
        public List<String> ioengines() {
            return jobs.stream().map(FioJob::ioengine).distinct().toList();
        }

        /** The same run with other jobs and more notes (after mapping host engines and files). */
        JobSet with(List<FioJob> newJobs, List<String> moreNotes) {
            List<String> all = new ArrayList<>(notes);
            moreNotes.stream().filter(n -> !all.contains(n)).forEach(all::add);
            return new JobSet(newJobs, globalOptions, all);
        }
    }

    /** Option names are matched against the supported ones; ties go to the alphabetically first. */
    private static final KeySuggester OPTION_SUGGESTER = new KeySuggester(JobOptionsBuilder.SUPPORTED);

    private JobFileParser() {
    }

    public static JobSet parse(List<JobFileText> files) {
        return parse(CommandLineJobs.NONE, files);
    }

    /** Command-line jobs and job files together, as {@code fio --name=a --rw=read b.fio} reads them. */
    public static JobSet parse(CommandLineJobs commandLine, List<JobFileText> files) {
        return new Parse().run(commandLine, files);
    }

    /**
     * As {@link #parse(CommandLineJobs, List)}, with {@code overrides} (option = value) applied to every job after its
     * own options, as if each job's section ended with them (a sweep's fio-option axes); {@code source} names them
     * in messages.
     */
    public static JobSet parse(CommandLineJobs commandLine, List<JobFileText> files, Map<String, String> overrides,
                               String source) {
        List<RawOption> last = new ArrayList<>();
        overrides.forEach((k, v) -> last.add(new RawOption(k, v, source + " " + k + "=" + v, 0)));
        Parse p = new Parse();
        p.overrides = last;
        return p.run(commandLine, files);
    }

    /** The state of one parse: jobs so far, their group, the globals seen and the notes. */
    private static final class Parse {
        final List<FioJob> jobs = new ArrayList<>();
        final Map<String, String> allGlobals = new LinkedHashMap<>();
        final Set<String> notes = new LinkedHashSet<>();
        int groupId;
        boolean anyJobBefore;
        List<RawOption> overrides = List.of();

        JobSet run(CommandLineJobs commandLine, List<JobFileText> files) {
            List<RawOption> commandGlobals = new ArrayList<>();
            for (RawOption o : commandLine.globals) global(o, commandGlobals);
            for (Section s : commandLine.jobs) job(s, commandGlobals, false);
            for (int f = 0; f < files.size(); f++) {
                JobFileText file = files.get(f);
                List<RawOption> globals = new ArrayList<>(commandGlobals);
                boolean fileStonewall = f > 0;
                List<Section> sections = JobFileReader.read(file.name(), file.text());
                if (sections.isEmpty()) {
                    throw new JobFileException(file.name() + ": no sections (a job file needs at least one [jobname] section)");
                }
                for (Section section : sections) {
                    if (section.isGlobal()) {
                        for (RawOption o : section.options()) global(o, globals);
                        continue;
                    }
                    job(section, globals, fileStonewall);
                    fileStonewall = false;
                }
            }
            if (jobs.isEmpty()) {
                throw new JobFileException(files.isEmpty() ? "no jobs: name a job file or a job (--name=NAME --rw=... ...)"
                        : String.join(", ", files.stream().map(JobFileText::name).toList()) + ": no jobs (only [global] sections)");
            }
            return new JobSet(jobs, Collections.unmodifiableMap(allGlobals), List.copyOf(notes));
        }

        private void global(RawOption o, List<RawOption> globals) {
            if (applies(o)) globals.add(o);
            allGlobals.put(o.name(), o.value() == null ? "" : o.value());
        }

        private void job(Section section, List<RawOption> globals, boolean fileStonewall) {
            JobOptionsBuilder b = new JobOptionsBuilder(section.name());
            for (RawOption o : globals) b.apply(o);
            Map<String, String> own = new LinkedHashMap<>();
            List<RawOption> written = new ArrayList<>(section.options());
            written.addAll(overrides);
            for (RawOption o : written) {
                if (applies(o)) b.apply(o);
                own.put(o.name(), o.value() == null ? "" : o.value());
            }
            boolean newGroup = anyJobBefore && (b.stonewall || b.newGroup || fileStonewall);
            if (newGroup) groupId++;
            Map<String, String> options = Collections.unmodifiableMap(own);
            for (int clone = 0; clone < b.numjobs; clone++) {
                jobs.add(b.build(jobs.size(), groupId, anyJobBefore && (b.stonewall || fileStonewall) && clone == 0,
                        options, clone));
            }
            anyJobBefore = true;
        }

        /**
         * Whether the builder applies the option. Options without effect and noted ones are not applied (but stay in
         * the JSON's options, as fio lists them); refused and unknown ones are errors.
         */
        private boolean applies(RawOption o) {
            if (JobOptionsBuilder.SUPPORTED.contains(o.name())) return true;
            FioOptionCatalog.Kind kind = FioOptionCatalog.kind(o.name()).orElseThrow(() ->
                    new JobFileException(o.file(), o.line(), "unknown option '" + o.name() + "'" + closest(o.name())));
            switch (kind) {
                case NO_EFFECT -> { }
                case FILE -> notes.add("file option " + o.name() + " ignored: the job runs on a block device, which has no files");
                case ENGINE -> notes.add("option " + o.name() + " of the host I/O engine ignored: the block ULP's device stands in for the engine");
                case UNIMPLEMENTED -> throw new JobFileException(o.file(), o.line(), "fio option '" + o.name()
                        + "' is not supported by hcasim yet (see docs/fio.md)");
                case MEANINGLESS -> throw new JobFileException(o.file(), o.line(), "fio option '" + o.name()
                        + "' has no meaning for a simulated block device (see docs/fio.md)");
            }
            return false;
        }
    }

    private static String closest(String name) {
        return OPTION_SUGGESTER.closest(name.toLowerCase(Locale.ROOT), Math.max(2, name.length() / 3))
                .map(best -> " (did you mean '" + best + "'?)")
                .orElse("");
    }
}
