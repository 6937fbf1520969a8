package org.hcasim.dist.bench;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hcasim.core.sim.HoldModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hcasim bench kernel}: event rate of the simulation kernel's event loop in the hold model (pop one event,
 * schedule one at a random future time), at 10^3 and 10^5 pending events. Reports the median of the repeats.
 */
@Command(name = "kernel", mixinStandardHelpOptions = true,
        description = "Event-loop speed: events per wall-clock second in the hold model at 10^3 and 10^5 pending events.")
public final class BenchKernelCommand implements Callable<Integer> {
    static final List<Integer> PENDING = List.of(1_000, 100_000);

    public enum Format { text, json }

    @Option(names = "--format", defaultValue = "text", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--events", defaultValue = "20000000", description = "Measured events per repeat (default: ${DEFAULT-VALUE}).")
    long events;

    @Option(names = "--warmup-events", defaultValue = "10000000", description = "Unmeasured events first, for the JIT (default: ${DEFAULT-VALUE}).")
    long warmupEvents;

    @Option(names = "--repeats", defaultValue = "5", description = "Measured repeats per case; the median is reported (default: ${DEFAULT-VALUE}).")
    int repeats;

    /** Which clock divides the event count: wall time, or the CPU time of the measuring thread. */
    public enum Clock { wall, cpu }

    @Option(names = "--clock", defaultValue = "wall",
            description = "${COMPLETION-CANDIDATES}: wall time, or this thread's CPU time (fairer on a loaded machine) (default: ${DEFAULT-VALUE}).")
    Clock clock;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random event times (default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec
    CommandSpec spec;

    /** One measured case. */
    record Result(int pending, double eventsPerSecond, double min, double max) {
    }

    @Override
    public Integer call() {
        if (events < 1 || warmupEvents < 0 || repeats < 1) {
            throw new ParameterException(spec.commandLine(),
                    "--events and --repeats must be >= 1 and --warmup-events >= 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Result> results = PENDING.stream().map(this::measure).toList();
        out.print(format == Format.json ? json(results) : text(results));
        out.flush();
        return 0;
    }

    private Result measure(int pending) {
        HoldModel model = new HoldModel(pending, seed);
        model.run(warmupEvents);
        double[] rates = new double[repeats];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.function.LongSupplier now = clock == Clock.cpu ? threads::getCurrentThreadCpuTime : System::nanoTime;
        for (int i = 0; i < repeats; i++) {
            long t0 = now.getAsLong();
            model.run(events);
            long t1 = now.getAsLong();
            rates[i] = events * 1e9 / Math.max(1, t1 - t0);
        }
        Arrays.sort(rates);
        return new Result(pending, rates[repeats / 2], rates[0], rates[repeats - 1]);
    }

    static String json(List<Result> results) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            sb.append(String.format(Locale.ROOT, "  {\"pending\": %d, \"events_per_second\": %d}%s%n",
                    r.pending(), Math.round(r.eventsPerSecond()), i + 1 < results.size() ? "," : ""));
        }
        return sb.append("]\n").toString();
    }

    static String text(List<Result> results) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%10s  %16s  %16s  %16s%n",
                "pending", "events/s median", "min", "max"));
        for (Result r : results) {
            sb.append(String.format(Locale.ROOT, "%10d  %16.0f  %16.0f  %16.0f%n",
                    r.pending(), r.eventsPerSecond(), r.min(), r.max()));
        }
        return sb.toString();
    }
}
