package org.hcasim.dist.experiment.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.grid.Shard;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;

/**
 * What one {@code reproduce} or {@code sweep} run ran, exactly, as {@value #FILE} in its {@code --out} directory: the
 * hcasim version, the command and the options that decide the results ({@code identity}), the shard, and per
 * experiment its whole grid (axes, size, a digest of its points in order) with this shard's runs at their grid index.
 * {@code hcasim merge} joins the records of shards 1..N into the run's outputs; an unsharded run's record is 1/1.
 *
 * @param identity the options whose values change results (selection, --axis, --set, the job file's digest, ...):
 *                 shards can be merged only when these agree
 */
public record ShardRecord(String version, String command, Map<String, String> identity, Shard shard, List<Part> parts) {

    public static final String FILE = "hcasim-shard.json";
    /** The layout of the file; a reader refuses another. */
    public static final int FORMAT = 1;

    /**
     * One experiment (or sweep) of the run.
     *
     * @param reference a digest of the reference table compared against ("" for a sweep)
     * @param gridPoints points of the whole grid, over all shards
     * @param gridDigest SHA-256 of the whole grid's points, one per line in grid order
     * @param runs this shard's runs by grid index, ascending
     */
    public record Part(String name, String description, Map<String, List<String>> axes, String reference, int gridPoints,
                       String gridDigest, Map<Integer, PointRun> runs) {
        public Part {
            axes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(axes));
            runs = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(runs));
        }

        /** The same experiment and grid as {@code other}, whatever points each holds. */
        boolean sameGridAs(Part other) {
            return name.equals(other.name) && description.equals(other.description) && axes.equals(other.axes)
                    && reference.equals(other.reference) && gridPoints == other.gridPoints && gridDigest.equals(other.gridDigest);
        }
    }

    /** A record file that cannot be read as one. */
    public static final class Malformed extends UserException {
        public Malformed(String message) {
            super(message);
        }
    }

    public ShardRecord {
        identity = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(identity));
        parts = List.copyOf(parts);
    }

    /** The part of a shard's run over {@code whole} (the grid before sharding), given the shard's runs. */
    public static Part part(ExperimentGrid whole, String reference, List<PointRun> runs) {
        Map<Point, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < whole.points().size(); i++) index.put(whole.points().get(i), i);
        Map<Integer, PointRun> byIndex = new LinkedHashMap<>();
        for (PointRun r : runs) {
            Integer i = index.get(r.point());
            if (i == null) throw new IllegalStateException("point " + r.point() + " is not in the grid of " + whole.experiment().name());
            byIndex.put(i, r);
        }
        Map<String, List<String>> axes = new LinkedHashMap<>();
        for (Axis a : whole.axes()) axes.put(a.name(), a.values());
        return new Part(whole.experiment().name(), whole.experiment().description(), axes, reference, whole.points().size(),
                gridDigest(whole.points()), byIndex);
    }

    public static String gridDigest(List<Point> points) {
        StringBuilder b = new StringBuilder();
        points.forEach(p -> b.append(p).append('\n'));
        return sha256(b.toString());
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    public String json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("hcasim_version", version);
        m.put("command", command);
        m.put("identity", identity);
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("index", shard.index());
        k.put("count", shard.count());
        m.put("shard", k);
        List<Object> ps = new ArrayList<>();
        for (Part p : parts) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", p.name());
            x.put("description", p.description());
            x.put("axes", p.axes());
            x.put("reference_sha256", p.reference());
            x.put("grid_points", p.gridPoints());
            x.put("grid_sha256", p.gridDigest());
            List<Object> runs = new ArrayList<>();
            p.runs().forEach((i, r) -> runs.add(PointRunCodec.tree(i, r)));
            x.put("runs", runs);
            ps.add(x);
        }
        m.put("experiments", ps);
        return ReproduceOutputs.json(m);
    }

    /** Writes {@value #FILE} into {@code dir} (which exists: the outputs went there). */
    public void write(Path dir) {
        try {
            Files.writeString(dir.resolve(FILE), json(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot write " + FILE + ": " + e.getMessage());
        }
    }

    /** Reads the record in {@code dir}; every problem is a one-line {@link UserException} naming the file. */
    public static ShardRecord read(Path dir) {
        Path file = Files.isDirectory(dir) ? dir.resolve(FILE) : dir;
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new UserException(dir + ": no " + FILE + " (not the --out directory of an hcasim reproduce or sweep run)");
        } catch (IOException e) {
            throw new Malformed(file + ": not a readable shard record: " + e.getMessage().lines().findFirst().orElse(""));
        }
        String where = file.toString();
        if (n == null || !n.isObject()) throw new Malformed(where + ": not a shard record");
        int format = PointRunCodec.need(n, "format", where).asInt();
        if (format != FORMAT) {
            throw new Malformed(where + ": shard record format " + format + ", this hcasim reads format " + FORMAT);
        }
        JsonNode shard = PointRunCodec.need(n, "shard", where);
        List<Part> parts = new ArrayList<>();
        for (JsonNode p : PointRunCodec.need(n, "experiments", where)) {
            String name = PointRunCodec.need(p, "name", where).asText();
            String at = where + " (" + name + ")";
            Map<String, List<String>> axes = new LinkedHashMap<>();
            PointRunCodec.need(p, "axes", at).properties().forEach(e -> {
                List<String> values = new ArrayList<>();
                e.getValue().forEach(v -> values.add(v.asText()));
                axes.put(e.getKey(), values);
            });
            Map<Integer, PointRun> runs = new LinkedHashMap<>();
            for (JsonNode r : PointRunCodec.need(p, "runs", at)) {
                int index = PointRunCodec.need(r, "index", at).asInt();
                if (runs.put(index, PointRunCodec.run(r, at + " point " + index)) != null) {
                    throw new Malformed(at + ": grid point " + index + " appears twice");
                }
            }
            parts.add(new Part(name, PointRunCodec.need(p, "description", at).asText(), axes,
                    PointRunCodec.need(p, "reference_sha256", at).asText(), PointRunCodec.need(p, "grid_points", at).asInt(),
                    PointRunCodec.need(p, "grid_sha256", at).asText(), runs));
        }
        try {
            return new ShardRecord(PointRunCodec.need(n, "hcasim_version", where).asText(), PointRunCodec.need(n, "command", where).asText(),
                    PointRunCodec.strings(PointRunCodec.need(n, "identity", where), where),
                    new Shard(PointRunCodec.need(shard, "index", where).asInt(), PointRunCodec.need(shard, "count", where).asInt()), parts);
        } catch (UserException e) {
            throw new Malformed(where + ": " + e.getMessage());
        }
    }
}
