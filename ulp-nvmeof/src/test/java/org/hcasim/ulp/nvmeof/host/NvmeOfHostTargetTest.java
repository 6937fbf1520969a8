package org.hcasim.ulp.nvmeof.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Random;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.junit.jupiter.api.Test;

class NvmeOfHostTargetTest {

    private static byte[] random(int bytes, long seed) {
        byte[] b = new byte[bytes];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void host_connects_and_sees_the_namespaces_the_target_exports() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 4), NvmeOfPair.ram("ns2", 8));
        assertThat(pair.connect()).isNull();
        assertThat(pair.host.devices()).extracting(BlockDevice::name).containsExactly("nvme0n1", "nvme0n2");
        assertThat(pair.host.devices().get(1).capacityBytes()).isEqualTo(8L << 20);
        assertThat(pair.host.devices().get(0).format().blockSize()).isEqualTo(512);
    }

    @Test
    void data_written_over_the_wire_reads_back_identically_from_every_queue() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 4));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        int[] sizes = {512, 4096, 8192, 65_536, 1 << 19};
        long lba = 0;
        for (int i = 0; i < sizes.length; i++) {
            byte[] data = random(sizes[i], i);
            int core = i % 4;
            assertThat(pair.write(dev, core, lba, data).ok()).isTrue();
            assertThat(pair.read(dev, (core + 1) % 4, lba, sizes[i])).isEqualTo(data);
            lba += sizes[i] / 512;
        }
    }

    @Test
    void registered_io_is_invalidated_remotely_by_send_with_invalidate() {
        NvmeOfPair pair = new NvmeOfPair(Map.of("nvmeof.target.inline-data-size", "0"), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        NvmeOfHost.Counters before = pair.host.counters();
        pair.write(dev, 0, 0, random(4096, 1));
        pair.read(dev, 0, 0, 4096);
        NvmeOfHost.Counters c = pair.host.counters().minus(before);
        assertThat(c.registrations()).isEqualTo(2);
        assertThat(c.remoteInvalidations()).isEqualTo(2);
        assertThat(c.localInvalidations()).isZero();
        HostQueue q = pair.host.queueFor(0);
        assertThat(pair.host.queueFor(0).qp().pd().device()).isNotNull();
        assertThat(q.qp().outstandingSends()).isZero();
    }

    @Test
    void without_remote_invalidation_the_host_posts_local_invalidate_and_keys_stop_working() {
        NvmeOfPair pair = new NvmeOfPair(Map.of("nvmeof.target.send-with-invalidate", "false",
                "nvmeof.target.inline-data-size", "0"), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(8192, 2);
        NvmeOfHost.Counters before = pair.host.counters();
        assertThat(pair.write(dev, 1, 8, data).ok()).isTrue();
        assertThat(pair.read(dev, 1, 8, 8192)).isEqualTo(data);
        NvmeOfHost.Counters c = pair.host.counters().minus(before);
        assertThat(c.registrations()).isEqualTo(2);
        assertThat(c.localInvalidations()).isEqualTo(2);
        assertThat(c.remoteInvalidations()).isZero();
    }

    @Test
    void small_writes_travel_in_the_capsule_when_the_target_takes_in_capsule_data() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        byte[] small = random(4096, 3);
        byte[] large = random(8192, 4);
        NvmeOfHost.Counters before = pair.host.counters();
        pair.write(dev, 2, 0, small);
        pair.write(dev, 2, 8, large);
        NvmeOfHost.Counters c = pair.host.counters().minus(before);
        assertThat(c.inCapsuleWrites()).isEqualTo(1);
        assertThat(c.registrations()).isEqualTo(1);
        assertThat(pair.read(dev, 3, 0, 4096)).isEqualTo(small);
        assertThat(pair.read(dev, 3, 8, 8192)).isEqualTo(large);
    }

    @Test
    void io_connect_commands_carry_their_data_in_the_capsule_and_the_admin_queue_registers() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        assertThat(pair.host.counters().inCapsuleWrites()).isEqualTo(4); // one Connect per I/O queue
        assertThat(pair.host.adminQueue().stats().registrations).isEqualTo(3); // Connect, Identify x2
    }

    @Test
    void io_larger_than_the_maximum_transfer_is_refused_without_touching_the_wire() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 2));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        long buf = pair.initiator.memory().allocate(1 << 20, 4096);
        BlockCompletion c = pair.io(dev, 0, BlockRequest.of(BlockOp.READ, 0, (1 << 20) / 512, buf));
        assertThat(c.status()).isEqualTo(BlockStatus.INVALID_REQUEST);
        assertThat(c.detail()).contains("maximum transfer of 1044480 bytes");
    }

    @Test
    void without_register_always_single_segment_io_uses_the_global_key_and_registers_nothing() {
        NvmeOfPair pair = new NvmeOfPair(Map.of("nvmeof.host.register-always", "false",
                "nvmeof.target.inline-data-size", "0"), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(16_384, 7);
        NvmeOfHost.Counters before = pair.host.counters();
        assertThat(pair.write(dev, 0, 64, data).ok()).isTrue();
        assertThat(pair.read(dev, 1, 64, data.length)).isEqualTo(data);
        NvmeOfHost.Counters c = pair.host.counters().minus(before);
        assertThat(c.globalKeyIos()).isEqualTo(2);
        assertThat(c.registrations()).isZero();
        assertThat(c.remoteInvalidations() + c.localInvalidations()).isZero();
    }

    @Test
    void io_beyond_the_namespace_fails_with_lba_out_of_range_from_the_target() {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        long buf = pair.initiator.memory().allocate(4096, 4096);
        BlockCompletion c = pair.io(dev, 0, BlockRequest.of(BlockOp.READ, dev.capacityBlocks() - 4, 8, buf));
        assertThat(c.status()).isEqualTo(BlockStatus.LBA_OUT_OF_RANGE);
        // the queue keeps working afterwards
        assertThat(pair.io(dev, 0, BlockRequest.of(BlockOp.READ, 0, 8, buf)).ok()).isTrue();
    }

    @Test
    void shared_receive_queues_carry_the_same_traffic() {
        NvmeOfPair pair = new NvmeOfPair(Map.of("nvmeof.target.use-srq", "true", "nvmeof.target.srq-size", "256"),
                NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        for (int core = 0; core < 4; core++) {
            byte[] data = random(2048, core);
            assertThat(pair.write(dev, core, core * 8L, data).ok()).isTrue();
            assertThat(pair.read(dev, (core + 2) % 4, core * 8L, 2048)).isEqualTo(data);
        }
    }

    @Test
    void many_concurrent_requests_beyond_the_queue_depth_all_complete() {
        NvmeOfPair pair = new NvmeOfPair(2, Map.of("nvmeof.host.queue-size", "16"), NvmeOfPair.ram("ns1", 1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        int n = 100;
        long buf = pair.initiator.memory().allocate(4096L * n, 4096);
        java.util.List<BlockCompletion> done = new java.util.ArrayList<>();
        pair.initiator.run(0, org.hcasim.host.Priority.THREAD, "burst", () -> {
            for (int i = 0; i < n; i++) {
                dev.submit(BlockRequest.of(BlockOp.READ, i * 8L, 8, buf + 4096L * i), done::add);
            }
        });
        pair.runBounded();
        assertThat(done).hasSize(n).allMatch(BlockCompletion::ok);
    }
}
