package org.hcasim.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DocumentedDefaultsTest {

    @Test
    void the_comment_right_above_a_key_documents_it() {
        DocumentedDefaults d = DocumentedDefaults.fromResource(getClass(), "documented.properties");

        assertThat(d.values()).containsExactly(Map.entry("demo.queue-size", "128"), Map.entry("demo.register-always", "true"));
        assertThat(d.docs()).containsExactly(Map.entry("demo.queue-size", "Queue entries per I/O queue."),
                Map.entry("demo.register-always", "Whether to register."));
    }

    @Test
    void a_key_without_comment_is_an_error_with_file_and_line() {
        assertThatThrownBy(() -> DocumentedDefaults.fromResource(getClass(), "undocumented.properties"))
                .hasMessage("DocumentedDefaultsTest/undocumented.properties:4: key demo.b has no comment documenting it");
    }

    @Test
    void a_missing_resource_is_an_error() {
        assertThatThrownBy(() -> DocumentedDefaults.fromResource(getClass(), "nope.properties"))
                .hasMessageContaining("nope.properties not found");
    }
}
