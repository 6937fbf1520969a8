package org.hcasim.ulp.nvmeof.target;

import java.util.List;
import java.util.function.Consumer;
import org.hcasim.host.Host;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The response path of a target queue (nvmet_rdma_queue_response): writes the completion into a response
 * buffer of the target and posts [RDMA WRITE of read data,] the SEND, with invalidate when the host asked
 * for it and the target allows it. Its own class because every command of the queue ends here, whatever
 * path it took.
 */
final class Responder {

    private final TargetPort port;
    private final NvmeOfTarget target;
    private final Host host;
    private final QueuePair qp;
    private final int qid;
    private final Consumer<TargetCommand> queued;
    private final Consumer<TargetCommand> sent;
    private final Consumer<String> failed;
    /** Where each completion is encoded before it is written into its response buffer. */
    private final byte[] cqeScratch = new byte[NvmeCompletion.BYTES];

    /**
     * {@code queued} runs just before a response is posted (nvmet_rdma_queue_response reposts the command's receive
     * there), {@code sent} when its SEND completed (either way), {@code failed} then with why it failed.
     */
    Responder(TargetPort port, QueuePair qp, int qid, Consumer<TargetCommand> queued, Consumer<TargetCommand> sent,
            Consumer<String> failed) {
        this.port = port;
        this.target = port.target;
        this.host = port.target.host();
        this.qp = qp;
        this.qid = qid;
        this.queued = queued;
        this.sent = sent;
        this.failed = failed;
    }

    /** Completes the command with a status and no data. */
    void respond(TargetCommand c, int sct, int sc, int result) {
        send(c, new NvmeCompletion(result, 0, qid, c.sqe.commandId(), sct, sc), null);
    }

    /** Completes the command successfully, its data buffer's first {@code bytes} written to the host first. */
    void respondWithData(TargetCommand c, int bytes) {
        SglDescriptor sgl = c.dptr;
        WorkRequest.RdmaWrite write = WorkRequest.RdmaWrite.of(
                List.of(new Sge(c.dataBuffer, bytes, port.pd.localDmaLkey())), sgl.address(), sgl.key(),
                CompletionCallback.IGNORE);
        send(c, NvmeCompletion.success(c.sqe.commandId(), qid, 0, 0), write);
    }

    /** Posts [RDMA WRITE of read data,] response SEND (with invalidate when asked and allowed). */
    private void send(TargetCommand c, NvmeCompletion cqe, WorkRequest.RdmaWrite data) {
        host.charge(target.settings().responseCpuNs());
        long rsp = target.takeResponseBuffer(host);
        cqe.encode(cqeScratch, 0);
        host.memory().write(rsp, cqeScratch, 0, NvmeCompletion.BYTES);
        List<Sge> sgl = List.of(new Sge(rsp, NvmeCompletion.BYTES, port.pd.localDmaLkey()));
        c.respondsFrom(rsp, this);
        CompletionCallback done = c;
        SglDescriptor dptr = c.dptr;
        WorkRequest.SendRequest response = dptr.asksInvalidate() && target.settings().sendWithInvalidate()
                ? WorkRequest.SendWithInvalidate.of(sgl, dptr.key(), done, SendFlag.SIGNALED)
                : WorkRequest.Send.of(sgl, done, SendFlag.SIGNALED);
        queued.accept(c);
        if (data != null) {
            qp.postSend(List.of(data, response));
        } else {
            qp.postSend(response);
        }
    }

    /** The response SEND of {@code c}, which used response buffer {@code rsp}, completed. */
    void sent(TargetCommand c, long rsp, WorkCompletion wc) {
        target.returnResponseBuffer(rsp);
        sent.accept(c);
        if (!wc.ok()) {
            failed.accept("response SEND completed with " + wc.status());
        }
    }
}
