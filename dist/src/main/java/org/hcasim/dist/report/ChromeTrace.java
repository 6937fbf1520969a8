package org.hcasim.dist.report;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.hcasim.core.sim.TraceRecorder;

/**
 * Writes a {@link TraceRecorder}'s records in the Chrome trace-event JSON format, which Perfetto and
 * chrome://tracing open. A track {@code host1/core3} becomes thread {@code core3} of process
 * {@code host1}, so each host's cores, HCA engines and links line up as rows. Times are microseconds
 * with nanosecond decimals. The recorder bounds the size; dropped records are counted in metadata.
 */
public final class ChromeTrace {
    private ChromeTrace() { }

    public static void write(TraceRecorder trace, String title, Writer out) throws IOException {
        Map<String, Integer> pids = new LinkedHashMap<>();
        Map<String, Integer> tids = new LinkedHashMap<>();
        out.write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"title\":" + quote(title)
                + ",\"records\":" + trace.records().size() + ",\"dropped\":" + trace.dropped() + "},\n\"traceEvents\":[\n");
        boolean first = true;
        for (TraceRecorder.Record r : trace.records()) {
            String track = r.track();
            int slash = track.indexOf('/');
            String process = slash < 0 ? track : track.substring(0, slash);
            String thread = slash < 0 ? track : track.substring(slash + 1);
            boolean newProcess = !pids.containsKey(process);
            int pid = pids.computeIfAbsent(process, k -> pids.size() + 1);
            boolean newThread = !tids.containsKey(track);
            int tid = tids.computeIfAbsent(track, k -> tids.size() + 1);
            if (newProcess) {
                first = sep(out, first);
                out.write("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + pid + ",\"tid\":0,\"args\":{\"name\":" + quote(process) + "}}");
            }
            if (newThread) {
                first = sep(out, first);
                out.write("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + pid + ",\"tid\":" + tid + ",\"args\":{\"name\":" + quote(thread) + "}}");
            }
            first = sep(out, first);
            String common = "\"name\":" + quote(r.name()) + ",\"pid\":" + pid + ",\"tid\":" + tid + ",\"ts\":" + micros(r.startNs());
            switch (r.kind()) {
                case SPAN -> out.write("{\"ph\":\"X\"," + common + ",\"dur\":" + micros(r.durationNs()) + "}");
                case INSTANT -> out.write("{\"ph\":\"i\",\"s\":\"t\"," + common + "}");
                case COUNTER -> out.write("{\"ph\":\"C\"," + common + ",\"args\":{" + quote(r.name()) + ":" + r.value() + "}}");
            }
        }
        out.write("\n]}\n");
        out.flush();
    }

    private static boolean sep(Writer out, boolean first) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        return false;
    }

    static String micros(long ns) {
        return String.format(Locale.ROOT, "%d.%03d", ns / 1000, Math.abs(ns % 1000));
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
