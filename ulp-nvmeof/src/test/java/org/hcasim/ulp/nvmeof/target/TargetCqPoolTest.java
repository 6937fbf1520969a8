package org.hcasim.ulp.nvmeof.target;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.hcasim.ulp.nvmeof.host.NvmeOfPair;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.PollContext;
import org.junit.jupiter.api.Test;

/**
 * nvmet-rdma takes each queue's CQ from the device's shared pool on the queue's vector (nvmet_rdma_create_queue_ib:
 * ib_cq_pool_get), so the queues on one completion vector share one CQ, polled from a work queue, and one polling
 * pass serves all of them.
 */
class TargetCqPoolTest {
    private static final int CORES = 4;

    @Test
    void the_queues_on_one_vector_share_one_work_queue_cq() {
        // 8 I/O queues and the admin queue on 4 vectors: every vector carries two or three queues
        NvmeOfPair pair = new NvmeOfPair(CORES, Map.of("nvmeof.host.nr-io-queues", "8"), NvmeOfPair.ram("ns1", 8));
        assertThat(pair.connect()).isNull();

        var queues = pair.target.liveQueues();
        assertThat(queues).hasSize(9);
        Map<Integer, Set<CompletionQueue>> cqsByVector = queues.stream().collect(Collectors.groupingBy(
                q -> q.vector, Collectors.mapping(q -> q.qp().init().sendCq(), Collectors.toSet())));
        assertThat(cqsByVector).hasSize(CORES);
        assertThat(cqsByVector.values()).allSatisfy(cqs -> assertThat(cqs).hasSize(1));
        assertThat(cqsByVector).allSatisfy((vector, cqs) -> {
            CompletionQueue cq = cqs.iterator().next();
            assertThat(cq.compVector()).isEqualTo(vector);
            assertThat(cq.pollContext()).isEqualTo(PollContext.WORKQUEUE);
            assertThat(cq.capacity()).isEqualTo(4096);
        });
    }
}
