package org.hcasim.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads numbers out of a run's text output: the fault account's counts (docs/faults.md) and fio's figures. */
public final class FaultAccountText {
    private FaultAccountText() {
    }

    /** The count after {@code what} in the fault account's line of {@code section}, 0 when absent. */
    public static long count(String out, String section, String what) {
        Matcher line = Pattern.compile("(?m)^  " + Pattern.quote(section) + ":\\s+(.*)$").matcher(out);
        if (!line.find()) return 0;
        Matcher m = Pattern.compile(Pattern.quote(what) + " (\\d+)").matcher(line.group(1));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** The first number of {@code regex}'s group 1 in {@code out}; its absence fails the test. */
    public static long number(String out, String regex) {
        Matcher m = Pattern.compile(regex).matcher(out);
        assertThat(m.find()).as("%s in%n%s", regex, out).isTrue();
        return Long.parseLong(m.group(1));
    }
}
