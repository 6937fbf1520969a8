package org.hcasim.dist.experiment.grid;

/** Told as points finish; called from worker threads, so implementations synchronise. */
public interface SweepProgress {
    SweepProgress NONE = new SweepProgress() {
        @Override
        public void started(String experiment, int points) { }

        @Override
        public void pointDone() { }

        @Override
        public void finished() { }
    };

    void started(String experiment, int points);

    void pointDone();

    void finished();
}
