package org.hcasim.fio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hcasim.core.config.KeySuggester;
import org.hcasim.fio.JobFileReader.RawOption;
import org.hcasim.fio.JobFileReader.Section;

/**
 * Turns job files into {@link FioJob}s as fio does: a {@code [global]} section's options apply to the
 * jobs that follow it in the same file (a later {@code [global]} adds to and overrides them), every
 * other section is a job, {@code numjobs=N} clones a job N times, and each job file after the first
 * starts with an implicit {@code stonewall}.
 */
public final class JobFileParser {

    /** A job file's name (for messages) and text. */
    public record JobFileText(String name, String text) {
    }

    /** The parsed run: the jobs in order and the global options (for fio's JSON "global options"). */
    public record JobSet(List<FioJob> jobs, Map<String, String> globalOptions) {
        /** The ULPs the jobs name, in job order, each once: the ULPs of their testbed unless testbed.ulps says. */
        public List<String> ioengines() {
            return jobs.stream().map(FioJob::ioengine).distinct().toList();
        }
    }

    private static final Set<String> UNSUPPORTED_FIO_OPTIONS = loadUnsupported();

    /** Option names are matched against the supported ones; ties go to the alphabetically first. */
    private static final KeySuggester OPTION_SUGGESTER = new KeySuggester(JobOptionsBuilder.SUPPORTED);

    private JobFileParser() {
    }

    public static JobSet parse(List<JobFileText> files) {
        List<FioJob> jobs = new ArrayList<>();
        Map<String, String> allGlobals = new LinkedHashMap<>();
        int groupId = 0;
        boolean anyJobBefore = false;
        for (int f = 0; f < files.size(); f++) {
            JobFileText file = files.get(f);
            List<RawOption> globals = new ArrayList<>();
            boolean fileStonewall = f > 0;
            List<Section> sections = JobFileReader.read(file.name(), file.text());
            if (sections.isEmpty()) {
                throw new JobFileException(file.name() + ": no sections (a job file needs at least one [jobname] section)");
            }
            for (Section section : sections) {
                if (section.isGlobal()) {
                    for (RawOption o : section.options()) {
                        checkKnown(o);
                        globals.add(o);
                        allGlobals.put(o.name(), o.value() == null ? "" : o.value());
                    }
                    continue;
                }
                JobOptionsBuilder b = new JobOptionsBuilder(section.name());
                for (RawOption o : globals) b.apply(o);
                Map<String, String> own = new LinkedHashMap<>();
                for (RawOption o : section.options()) {
                    checkKnown(o);
                    b.apply(o);
                    own.put(o.name(), o.value() == null ? "" : o.value());
                }
                boolean newGroup = anyJobBefore && (b.stonewall || b.newGroup || fileStonewall);
                if (newGroup) groupId++;
                for (int clone = 0; clone < b.numjobs; clone++) {
                    jobs.add(b.build(jobs.size(), groupId, anyJobBefore && (b.stonewall || fileStonewall) && clone == 0,
                            Collections.unmodifiableMap(own)));
                }
                anyJobBefore = true;
                fileStonewall = false;
            }
        }
        if (jobs.isEmpty()) {
            throw new JobFileException(String.join(", ", files.stream().map(JobFileText::name).toList())
                    + ": no jobs (only [global] sections)");
        }
        return new JobSet(List.copyOf(jobs), Collections.unmodifiableMap(allGlobals));
    }

    private static void checkKnown(RawOption o) {
        if (JobOptionsBuilder.SUPPORTED.contains(o.name())) return;
        if (UNSUPPORTED_FIO_OPTIONS.contains(o.name())) {
            throw new JobFileException(o.file(), o.line(), "fio option '" + o.name() + "' is not supported by hcasim (see docs/fio.md)");
        }
        throw new JobFileException(o.file(), o.line(), "unknown option '" + o.name() + "'" + closest(o.name()));
    }

    private static String closest(String name) {
        return OPTION_SUGGESTER.closest(name.toLowerCase(Locale.ROOT), Math.max(2, name.length() / 3))
                .map(best -> " (did you mean '" + best + "'?)")
                .orElse("");
    }

    private static Set<String> loadUnsupported() {
        try (InputStream in = JobFileParser.class.getResourceAsStream("fio-options.txt")) {
            if (in == null) throw new IllegalStateException("fio-options.txt missing from the class path");
            Set<String> names = new HashSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                String s = line.strip();
                if (!s.isEmpty() && !s.startsWith("#")) names.add(s);
            }
            return Set.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
