package org.hcasim.core.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.hcasim.host.Host;

/**
 * One deterministic simulation: the event loop, the seeded random source, the resource registry, the
 * trace output, the hosts and other attached components (the fabric). Everything runs on one thread;
 * the same seed and inputs give byte-identical results.
 */
public final class Simulation {
    private final long seed;
    private final EventLoop loop = new EventLoop();
    private final SplittableRandom random;
    private final ResourceRegistry resources = new ResourceRegistry();
    private final Tracer tracer = new Tracer();
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final Map<Class<?>, Object> components = new LinkedHashMap<>();

    public Simulation(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    public long seed() {
        return seed;
    }

    public EventLoop loop() {
        return loop;
    }

    /** Current simulated time (the event loop's clock; inside a host task use {@link Host#now()}). */
    public long now() {
        return loop.now();
    }

    /** The shared seeded random source. Prefer {@link #random(String)} for a component's own stream. */
    public RandomGenerator random() {
        return random;
    }

    /**
     * An independent random stream for the named component, derived from the seed and the name only, so that
     * adding a component does not change the numbers another component draws.
     */
    public RandomGenerator random(String stream) {
        long h = seed;
        for (int i = 0; i < stream.length(); i++) {
            h = (h ^ stream.charAt(i)) * 0x9E3779B97F4A7C15L;
        }
        return new SplittableRandom(h);
    }

    public ResourceRegistry resources() {
        return resources;
    }

    /** Creates a traced timeline and registers it. */
    public Timeline timeline(String name, ResourceKind kind, int units) {
        return resources.register(new Timeline(name, kind, units, tracer, loop));
    }

    public Tracer tracer() {
        return tracer;
    }

    /** Shortcut for {@code tracer().on()}. */
    public boolean tracing() {
        return tracer.on();
    }

    /** Sends the trace to {@code sink} ({@code null} switches tracing off). */
    public void trace(TraceSink sink) {
        tracer.use(sink);
    }

    /** Adds a host; host names are unique. */
    public <H extends Host> H addHost(H host) {
        if (hosts.putIfAbsent(host.name(), host) != null) {
            throw new IllegalArgumentException("host name '" + host.name() + "' is already used");
        }
        return host;
    }

    public List<Host> hosts() {
        return Collections.unmodifiableList(new ArrayList<>(hosts.values()));
    }

    public Host host(String name) {
        Host h = hosts.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no host named '" + name + "'; hosts: " + hosts.keySet());
        }
        return h;
    }

    /** Attaches a shared component (e.g. the fabric) under its type. */
    public <T> T attach(Class<T> type, T component) {
        if (components.putIfAbsent(type, component) != null) {
            throw new IllegalArgumentException("a " + type.getSimpleName() + " is already attached");
        }
        return component;
    }

    /**
     * The component attached under {@code type}; the first caller attaches the one {@code create} makes (set-up
     * only: shared parts such as the fabric come into being with the first device that needs them).
     */
    public <T> T componentOrAttach(Class<T> type, Supplier<? extends T> create) {
        Object c = components.get(type);
        return c != null ? type.cast(c) : attach(type, create.get());
    }

    /** The component attached under {@code type}. */
    public <T> T component(Class<T> type) {
        Object c = components.get(type);
        if (c == null) {
            throw new IllegalStateException("no " + type.getSimpleName() + " attached to this simulation");
        }
        return type.cast(c);
    }
}
