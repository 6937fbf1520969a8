package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGenerator;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.TraceRecorder;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** Two hosts, two ConnectX-5s, a switch: a random request/response load gives the same trace for the same seed. */
class PipelineDeterminismTest {

    @Test
    void the_same_seed_gives_the_same_trace_hash_and_another_seed_a_different_one() {
        long a = run(11);
        assertThat(run(11)).isEqualTo(a);
        assertThat(run(12)).isNotEqualTo(a);
    }

    private static long run(long seed) {
        Simulation sim = new Simulation(seed);
        TraceRecorder trace = new TraceRecorder(1000);
        sim.trace(trace);
        var params = Profiles.hca("connectx5").params();
        Fabric fabric = sim.attach(Fabric.class, new Fabric(sim, params.switchLatencyNs()));
        SimHost initiator = Profiles.host("server-24c").createHost(sim, "ini", PayloadMode.ELIDED);
        SimHost target = Profiles.host("server-24c").createHost(sim, "tgt", PayloadMode.ELIDED);
        HcaHardware ih = new HcaHardware(sim, initiator, "ini/mlx5_0", params, fabric);
        HcaHardware th = new HcaHardware(sim, target, "tgt/mlx5_0", params, fabric);
        RandomGenerator rnd = sim.random("load");
        CqModeration[] cqs = new CqModeration[4];
        for (int v = 0; v < cqs.length; v++) {
            int vector = v;
            cqs[v] = new CqModeration(sim.loop(), th.eventQueue(v), () -> target.run(vector, Priority.SOFT_IRQ, "poll",
                    () -> {
                        target.charge(500);
                        cqs[vector].arm();
                    }));
            cqs[v].configure(8, 16_000, ModerationMode.START_ON_EVENT);
            cqs[v].arm();
        }
        for (int i = 0; i < 500; i++) {
            int core = rnd.nextInt(4);
            long bytes = 512L << rnd.nextInt(8);
            sim.loop().at(rnd.nextLong(200_000), () -> initiator.run(core, Priority.THREAD, "submit", () -> {
                initiator.charge(300);
                long t = ih.pcie().mmioWrite(initiator.now(), 8);
                t = ih.sendEngine().process(ih.pcie().dmaRead(t, 64), bytes);
                t = fabric.transmit(ih.pcie().dmaRead(t, bytes), ih.port(), th.port(), bytes);
                t = th.pcie().dmaWrite(th.receiveEngine().process(t, bytes), bytes);
                long cqe = th.pcie().dmaWrite(t, 64);
                sim.loop().at(cqe, () -> cqs[core].cqeWritten(cqe));
            }));
        }
        sim.loop().run();
        assertThat(trace.records()).isNotEmpty();
        return trace.hash();
    }
}
