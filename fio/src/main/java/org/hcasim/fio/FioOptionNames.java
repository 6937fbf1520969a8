package org.hcasim.fio;

import java.util.Map;

/**
 * The names fio's JSON lists options under: an option written by an alias appears under its canonical name
 * ({@code ss} as {@code steadystate}, {@code timeout} as {@code runtime}), as fio 3.33 prints them.
 */
final class FioOptionNames {
    private static final Map<String, String> CANONICAL = Map.ofEntries(
            Map.entry("readwrite", "rw"), Map.entry("blocksize", "bs"), Map.entry("timeout", "runtime"),
            Map.entry("blocksize_range", "bsrange"), Map.entry("io_limit", "io_size"),
            Map.entry("iodepth_batch_submit", "iodepth_batch"), Map.entry("iodepth_batch_complete", "iodepth_batch_complete_min"),
            Map.entry("wait_for_previous", "stonewall"), Map.entry("ss", "steadystate"),
            Map.entry("ss_dur", "steadystate_duration"), Map.entry("ss_ramp", "steadystate_ramp_time"));

    private FioOptionNames() {
    }

    static String canonical(String name) {
        return CANONICAL.getOrDefault(name, name);
    }
}
