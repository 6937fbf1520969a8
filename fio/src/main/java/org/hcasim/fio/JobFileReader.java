package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a job file into sections and {@code key[=value]} lines the way fio's ini parser does: lines
 * whose first non-blank character is {@code ;} or {@code #} are comments, blanks around keys and
 * values are stripped, a key without {@code =} is a flag, and there are no inline comments.
 */
final class JobFileReader {

    /** One {@code key=value} line; {@code value} is null for a bare flag. */
    record RawOption(String name, String value, String file, int line) {
        String where() {
            return file + ":" + line;
        }
    }

    record Section(String name, String file, int line, List<RawOption> options) {
        boolean isGlobal() {
            return name.equals("global");
        }
    }

    private JobFileReader() {
    }

    static List<Section> read(String file, String text) {
        List<Section> sections = new ArrayList<>();
        Section current = null;
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.length() < 3) {
                    throw new JobFileException(file, lineNo, "bad section header '" + line + "' (expected [name])");
                }
                current = new Section(line.substring(1, line.length() - 1).strip(), file, lineNo, new ArrayList<>());
                sections.add(current);
                continue;
            }
            if (current == null) {
                throw new JobFileException(file, lineNo, "option '" + line + "' outside of a section (start with [global] or [jobname])");
            }
            int eq = line.indexOf('=');
            String name = (eq < 0 ? line : line.substring(0, eq)).strip();
            String value = eq < 0 ? null : line.substring(eq + 1).strip();
            if (name.isEmpty()) {
                throw new JobFileException(file, lineNo, "missing option name in '" + line + "'");
            }
            current.options().add(new RawOption(name, value, file, lineNo));
        }
        return sections;
    }
}
