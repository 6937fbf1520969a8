package org.hcasim.core.mrcache;

import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.EventQueue;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.FirmwareCommandInterface;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.host.CpuCosts;

/**
 * The driver's side of the firmware command interface, as mlx5_core uses it in events mode: a command is issued
 * from a task (the caller pays for the mailbox and the doorbell), the firmware runs it in submission order
 * ({@link FirmwareCommandInterface}), and its completion arrives as an event on the device's first event queue,
 * whose interrupt handler (on that queue's core) finishes it and runs what the caller asked for: an asynchronous
 * command's callback, or the wake-up of a caller sleeping on it.
 */
public final class DeviceCommands {
    private final SimHost host;
    private final EventLoop loop;
    private final FirmwareCommandInterface firmware;
    private final EventQueue events;
    private final long submitNs;
    private final long completeNs;

    public DeviceCommands(SimHost host, FirmwareCommandInterface firmware, EventQueue events) {
        this.host = host;
        this.loop = host.simulation().loop();
        this.firmware = firmware;
        this.events = events;
        this.submitNs = host.cpuCosts().ns(CpuCosts.FW_COMMAND_SUBMIT);
        this.completeNs = host.cpuCosts().ns(CpuCosts.FW_COMMAND_COMPLETE);
    }

    /**
     * Issues {@code command} from the current task for an object with {@code translationBytes} of translation
     * entries; {@code done} runs in hard-IRQ context on the event queue's core once the completion was handled.
     */
    public void submit(FirmwareCommand command, long translationBytes, Runnable done) {
        host.charge(submitNs);
        long finished = firmware.execute(host.now(), command, translationBytes);
        loop.at(finished, new Completion(done));
    }

    public FirmwareCommandInterface firmware() {
        return firmware;
    }

    /** One command's completion: its event queue entry when the firmware finishes, then the interrupt's work. */
    private final class Completion implements Runnable {
        private final Runnable done;
        private boolean posted;

        Completion(Runnable done) {
            this.done = done;
        }

        @Override
        public void run() {
            if (!posted) {
                posted = true;
                events.postCompletionEvent(loop.now(), this);
            } else {
                host.charge(completeNs);
                done.run();
            }
        }
    }
}
