package org.hcasim.dist.experiment.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.hcasim.core.config.UserException;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;

/**
 * Runs a grid's points in parallel, one simulation per thread: parallelism lives between simulations,
 * never inside one. Results come back in grid order whatever order threads finish in, and each point's
 * seed depends only on the point, so the output does not depend on {@code jobs}.
 */
public final class Sweep {
    private final int jobs;
    private final ContextFactory contexts;
    private final SweepProgress progress;

    public Sweep(int jobs, ContextFactory contexts, SweepProgress progress) {
        if (jobs < 1) {
            throw new UserException("--jobs must be at least 1, not " + jobs);
        }
        this.jobs = jobs;
        this.contexts = contexts;
        this.progress = progress;
    }

    public List<PointRun> run(ExperimentGrid grid) {
        String name = grid.experiment().name();
        progress.started(name, grid.points().size());
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, grid.points().size()), threads(name));
        try {
            List<Future<PointRun>> futures = new ArrayList<>();
            for (Point p : grid.points()) {
                futures.add(pool.submit(() -> {
                    try {
                        return runOne(grid, p);
                    } finally {
                        progress.pointDone();
                    }
                }));
            }
            List<PointRun> out = new ArrayList<>();
            for (Future<PointRun> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep of " + name + " interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("sweep of " + name + " failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
            progress.finished();
        }
    }

    /**
     * Runs one point. A point the model cannot run (bad input: {@link IllegalArgumentException},
     * {@link UserException}) becomes a reported failure; anything else is a bug and also reported
     * with its type, so one broken point never hides the others' results. That includes {@link Error}s
     * raised by the point's own code (a failed {@code assert}, a class that does not link or initialise):
     * they leave the other simulations, each on its own objects, untouched. Only a
     * {@link VirtualMachineError} (out of memory, ...) stops the sweep, since then the JVM itself is suspect.
     */
    private PointRun runOne(ExperimentGrid grid, Point p) {
        long seed = PointSeed.of(grid.experiment().name(), p);
        try {
            ExperimentContext ctx = contexts.create(p, seed);
            PointResult r = grid.experiment().run(p, ctx);
            if (r == null) {
                return PointRun.failed(p, seed, "the point runner returned no result");
            }
            return PointRun.ok(p, seed, r);
        } catch (IllegalArgumentException | UserException | org.hcasim.verbs.DeviceLimitException
                 | org.hcasim.block.BackstoreFullException e) {
            return PointRun.failed(p, seed, String.valueOf(e.getMessage()));
        } catch (RuntimeException e) {
            return PointRun.crashed(p, seed, "internal error: " + e, e);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Error e) {
            return PointRun.crashed(p, seed, "internal error: " + e
                    + (e.getCause() != null ? " caused by " + e.getCause() : ""), e);
        }
    }

    private static ThreadFactory threads(String experiment) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "hcasim-" + experiment + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
