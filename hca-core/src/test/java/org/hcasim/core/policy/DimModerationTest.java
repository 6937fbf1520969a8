package org.hcasim.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.CqPeriodMode;
import org.hcasim.verbs.Moderation;
import org.hcasim.verbs.PollContext;
import org.junit.jupiter.api.Test;

/** The dim CQ policy on a device: polling passes drive DIM, its choices become MODIFY_CQ commands. */
class DimModerationTest {
    private final VerbsTestbed tb = VerbsTestbed.builder().hosts("a").coresPerHost(4).build();
    private final SimRdmaDevice device = tb.device("a");
    private final Host host = tb.host("a");
    private final TestbedPolicies policies = TestbedPolicies.builtIn(Map.of());

    /** Reports {@code passes} polling passes of {@code completions} each, 1 us apart, from soft-IRQ tasks on core 1. */
    private void passes(CompletionQueue cq, int passes, int completions, long startNs) {
        for (int i = 0; i < passes; i++) {
            tb.simulation().loop().at(startNs + 1000L * i,
                    () -> host.run(1, Priority.SOFT_IRQ, "poll", () -> cq.reportPollPass(completions)));
        }
        tb.run();
    }

    @Test
    void dim_is_a_built_in_cq_policy() {
        assertThat(InstalledPolicies.builtIn().names(org.hcasim.spi.policy.PolicyKind.CQ)).contains("dim", "fixed");
    }

    @Test
    void a_dim_cq_starts_with_the_device_default_and_changes_it_with_a_modify_cq_command() {
        CompletionQueue cq = policies.cq("t.cq-policy", "dim").createCq(device, CqInit.of(64, 1, PollContext.DIRECT));
        long before = device.hardware().firmware().count(FirmwareCommand.MODIFY_CQ);
        assertThat(cq.moderation()).isEqualTo(Moderation.NONE);

        passes(cq, 1 + 64, 4, 1_000_000);   // snapshot + window 1: SAME
        passes(cq, 64, 5, 1_065_000);       // window 2, right after: 25 % more completions per ms: BETTER

        assertThat(device.hardware().firmware().count(FirmwareCommand.MODIFY_CQ) - before).isEqualTo(1);
        assertThat(cq.moderation()).isEqualTo(new Moderation(4, 1, CqPeriodMode.START_ON_EVENT));
        assertThat(policies.inForce()).containsEntry("t.cq-policy", "dim");
    }

    @Test
    void the_modify_cq_work_item_sleeps_through_the_command_and_the_moderation_changes_when_it_completes() {
        CompletionQueue cq = policies.cq("t.cq-policy", "dim").createCq(device, CqInit.of(64, 1, PollContext.DIRECT));
        long threadBefore = tb.host("a").core(1).busyNs(Priority.THREAD);
        long latency = device.hardware().firmware().latencyNs(FirmwareCommand.MODIFY_CQ);
        // window 2's last pass (1 065 us + 63 us) decides; the work item then submits the command, due ~4 us later
        Moderation[] duringCommand = new Moderation[1];

        passes(cq, 1 + 64, 4, 1_000_000);
        tb.simulation().loop().at(1_130_000L, () -> duringCommand[0] = cq.moderation());
        passes(cq, 64, 5, 1_065_000);

        long threadCpu = tb.host("a").core(1).busyNs(Priority.THREAD) - threadBefore;
        assertThat(threadCpu).as("the work item ran on core 1 and did not hold it for the %d ns command", latency)
                .isPositive().isLessThan(latency);
        assertThat(duringCommand[0]).as("in force while the firmware executes the command").isEqualTo(Moderation.NONE);
        assertThat(cq.moderation()).isEqualTo(new Moderation(4, 1, CqPeriodMode.START_ON_EVENT));
    }
    @Test
    void a_continued_pass_adds_its_completions_to_the_event_of_the_pass_it_continues() {
        CompletionQueue cq = device.createCq(CqInit.of(64, 1, PollContext.WORKQUEUE));
        DimModeration.Moderator moderator = new DimModeration.Moderator(host);

        moderator.pollPass(cq, 4, 1_000_000); // the start snapshot
        for (int i = 1; i <= RdmaDim.WINDOW_EVENTS; i++) {
            moderator.passContinued(cq, 2, 1_000_000 + 1000L * i - 500); // the call before reaped two more
            moderator.pollPass(cq, 2, 1_000_000 + 1000L * i);
        }

        assertThat(moderator.dim().previous()).as("64 events of 4 completions over 64 us")
                .isEqualTo(new DimStats(4000, 1000, 400));
    }

    @Test
    void roles_with_the_dim_policy_share_pool_cqs_that_dim_moderates_and_a_fixed_role_gets_cqs_of_its_own() {
        var nvmeof = policies.cq("nvmeof.target.cq-policy", "dim");
        var srp = policies.cq("srp.target.cq-policy", "dim");
        var iser = policies.cq("iser.target.cq-policy", "fixed");

        CompletionQueue a = nvmeof.poolGet(device, 100, 1, PollContext.WORKQUEUE);
        CompletionQueue b = srp.poolGet(device, 100, 1, PollContext.WORKQUEUE);
        CompletionQueue c = iser.poolGet(device, 100, 1, PollContext.WORKQUEUE);

        assertThat(b).as("same policy, same CQs").isSameAs(a);
        assertThat(c).as("another policy, its own set").isNotSameAs(a);
        long before = device.hardware().firmware().count(FirmwareCommand.MODIFY_CQ);
        passes(a, 1 + 64, 4, 1_000_000);
        passes(a, 64, 5, 1_065_000);
        assertThat(device.hardware().firmware().count(FirmwareCommand.MODIFY_CQ) - before)
                .as("the pool CQ runs under DIM").isEqualTo(1);
        assertThat(c.moderation()).isEqualTo(Moderation.NONE);
    }
}
