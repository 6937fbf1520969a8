package org.hcasim.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigDocsTest {

    @Test
    void a_comment_block_documents_the_keys_right_below_it() {
        Map<String, String> docs = ConfigDocs.fromProperties("""
                # ---- section ----
                # Seed of the run.
                sim.seed = 1
                # Checksum costs,
                # ns per byte.
                host.cost.crc32-ns-per-byte = 0.33
                host.cost.md5-ns-per-byte = 1.4

                sim.undocumented = x
                # A later comment starts a new block.
                sim.payload = real
                """);

        assertThat(docs).containsExactly(
                Map.entry("sim.seed", "Seed of the run."),
                Map.entry("host.cost.crc32-ns-per-byte", "Checksum costs, ns per byte."),
                Map.entry("host.cost.md5-ns-per-byte", "Checksum costs, ns per byte."),
                Map.entry("sim.payload", "A later comment starts a new block."));
    }

    @Test
    void every_built_in_key_is_documented() {
        // without the profile layers, which document their own keys
        HcasimConfig defaults = new ConfigLoader().commandLine(Map.of("hca.profile", "", "host.profile", "")).load();
        assertThat(ConfigLoader.builtInDocs().keySet()).containsAll(defaults.keys());
    }
}
