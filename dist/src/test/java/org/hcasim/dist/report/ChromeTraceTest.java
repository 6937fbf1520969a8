package org.hcasim.dist.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.hcasim.core.sim.TraceRecorder;
import org.junit.jupiter.api.Test;

class ChromeTraceTest {

    @Test
    void spansBecomeCompleteEventsOnePerTrackGroupedByHost() throws Exception {
        TraceRecorder rec = new TraceRecorder(3);
        rec.span("host1/cpu3", "nvme \"irq\"", 1_500, 2_250);
        rec.instant("host1/hca0.eq", "interrupt", 3_000);
        rec.counter("target/srq0", "posted", 4_000, 255);
        rec.span("host1/cpu3", "over the limit", 9_000, 1);

        StringWriter w = new StringWriter();
        ChromeTrace.write(rec, "inline-umr bs=512", w);
        JsonNode json = new ObjectMapper().readTree(w.toString());

        assertThat(json.at("/otherData/dropped").asLong()).isEqualTo(1);
        JsonNode events = json.get("traceEvents");
        JsonNode span = events.findParents("ph").stream().filter(e -> e.get("ph").asText().equals("X")).findFirst().orElseThrow();
        assertThat(span.get("name").asText()).isEqualTo("nvme \"irq\"");
        assertThat(span.get("ts").asDouble()).isEqualTo(1.5);
        assertThat(span.get("dur").asDouble()).isEqualTo(2.25);
        assertThat(events.findValuesAsText("name")).contains("process_name", "thread_name", "interrupt", "posted");
        assertThat(w.toString()).contains("\"args\":{\"name\":\"host1\"}", "\"args\":{\"name\":\"cpu3\"}", "\"args\":{\"posted\":255}");
        long hosts = events.findParents("ph").stream().filter(e -> e.get("name").asText().equals("process_name")).count();
        assertThat(hosts).isEqualTo(2);
    }
}
