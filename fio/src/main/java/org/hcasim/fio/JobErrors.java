package org.hcasim.fio;

import java.util.function.Consumer;
import org.hcasim.block.BlockOp;

/**
 * A job's I/O and verify errors as fio handles them: the first error ends the job and only it is reported (the I/Os
 * still in flight fail alike), unless {@code continue_on_error} covers its kind: then it is reported, counted, and
 * the job goes on.
 */
final class JobErrors {
    /** fio's verify failure errno (EILSEQ). */
    private static final int EILSEQ = 84;

    private final FioJob job;
    private final JobResult result;
    private final Consumer<String> reports;

    JobErrors(FioJob job, JobResult result, Consumer<String> reports) {
        this.job = job;
        this.result = result;
        this.reports = reports;
    }

    /** An I/O that completed with {@code errno}: fio's "io_u error" line. */
    void ioFailed(BlockOp op, String device, long offset, int length, int errno, String detail) {
        record(op == BlockOp.READ ? FioJob.CONTINUE_READ : FioJob.CONTINUE_WRITE,
                String.format("fio: io_u error on file %s: %s: %s offset=%d, buflen=%d", device, detail,
                        op == BlockOp.READ ? "read" : op == BlockOp.WRITE ? "write" : "sync", offset, length),
                errno, detail);
    }

    /** A read whose data failed verify; {@code problem} is fio's verify line. */
    void verifyFailed(String problem) {
        record(FioJob.CONTINUE_VERIFY, problem, EILSEQ, strerror(EILSEQ));
    }

    private void record(int kind, String report, int errno, String text) {
        if (result.error != 0) return;
        reports.accept(report);
        if ((job.continueOnError() & kind) != 0) {
            if (result.totalErrors++ == 0) {
                result.firstError = errno;
                result.firstErrorText = strerror(errno);
            }
            return;
        }
        result.error = errno;
        result.errorText = text;
    }

    /** What Linux's strerror says for the errnos block I/O returns. */
    static String strerror(int errno) {
        return switch (errno) {
            case 5 -> "Input/output error";
            case 22 -> "Invalid argument";
            case EILSEQ -> "Invalid or incomplete multibyte or wide character";
            case 121 -> "Remote I/O error";
            default -> "errno " + errno;
        };
    }
}
