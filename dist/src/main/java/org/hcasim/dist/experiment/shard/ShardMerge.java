package org.hcasim.dist.experiment.shard;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.grid.Shard;

/**
 * Joins the records of shards 1..N of one run into the record of the whole run (shard 1/1). Refuses, in one line
 * naming the directories, shards of different hcasim versions, commands, options or grids, a shard given twice, a
 * missing shard, and a grid point held by no shard or by two.
 */
public final class ShardMerge {
    private ShardMerge() { }

    /** One shard's record and the directory it came from (for the messages). */
    public record Input(Path dir, ShardRecord record) {
    }

    public static ShardRecord merge(List<Input> inputs) {
        if (inputs.isEmpty()) throw new UserException("merge: name the --out directories of the shards to merge");
        Input first = inputs.get(0);
        ShardRecord a = first.record();
        Map<Integer, Input> byIndex = new TreeMap<>();
        for (Input in : inputs) {
            ShardRecord b = in.record();
            if (!b.version().equals(a.version())) {
                throw new UserException("merge: " + in.dir() + " was written by hcasim " + b.version() + ", " + first.dir()
                        + " by hcasim " + a.version() + ": run every shard with the same version");
            }
            if (!b.command().equals(a.command())) {
                throw new UserException("merge: " + in.dir() + " is from 'hcasim " + b.command() + "', " + first.dir()
                        + " from 'hcasim " + a.command() + "'");
            }
            if (!b.identity().equals(a.identity())) {
                throw new UserException("merge: " + in.dir() + " and " + first.dir() + " ran different " + difference(a.identity(), b.identity()));
            }
            if (b.shard().count() != a.shard().count()) {
                throw new UserException("merge: " + in.dir() + " is shard " + text(b.shard()) + " but " + first.dir() + " is shard "
                        + text(a.shard()) + ": the shards of one run share N");
            }
            Input twice = byIndex.put(b.shard().index(), in);
            if (twice != null) {
                throw new UserException("merge: shard " + text(b.shard()) + " is given twice: " + twice.dir() + " and " + in.dir());
            }
            if (b.parts().size() != a.parts().size()) {
                throw new UserException("merge: " + in.dir() + " ran " + names(b) + ", " + first.dir() + " ran " + names(a));
            }
            for (int i = 0; i < a.parts().size(); i++) {
                if (!b.parts().get(i).sameGridAs(a.parts().get(i))) {
                    throw new UserException("merge: " + in.dir() + " and " + first.dir() + " ran different grids of "
                            + a.parts().get(i).name() + (b.parts().get(i).name().equals(a.parts().get(i).name()) ? "" : " (or "
                            + b.parts().get(i).name() + ")"));
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= a.shard().count(); k++) {
            if (!byIndex.containsKey(k)) missing.add(k + "/" + a.shard().count());
        }
        if (!missing.isEmpty()) {
            throw new UserException("merge: shard" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing) + " missing (given: "
                    + String.join(", ", byIndex.values().stream().map(in -> text(in.record().shard()) + " in " + in.dir()).toList()) + ")");
        }
        List<ShardRecord.Part> parts = new ArrayList<>();
        for (int i = 0; i < a.parts().size(); i++) {
            parts.add(mergePart(i, inputs));
        }
        return new ShardRecord(a.version(), a.command(), a.identity(), Shard.ALL, parts);
    }

    private static ShardRecord.Part mergePart(int i, List<Input> inputs) {
        ShardRecord.Part template = inputs.get(0).record().parts().get(i);
        Map<Integer, PointRun> runs = new TreeMap<>();
        Map<Integer, Path> from = new LinkedHashMap<>();
        for (Input in : inputs) {
            for (var e : in.record().parts().get(i).runs().entrySet()) {
                if (e.getKey() < 0 || e.getKey() >= template.gridPoints()) {
                    throw new UserException("merge: " + in.dir() + " holds point " + e.getKey() + " of " + template.name()
                            + ", whose grid has " + template.gridPoints() + " points");
                }
                if (runs.put(e.getKey(), e.getValue()) != null) {
                    throw new UserException("merge: point " + e.getValue().point() + " of " + template.name() + " is in both "
                            + from.get(e.getKey()) + " and " + in.dir());
                }
                from.put(e.getKey(), in.dir());
            }
        }
        for (int p = 0; p < template.gridPoints(); p++) {
            if (!runs.containsKey(p)) {
                throw new UserException("merge: point " + p + " of " + template.name() + "'s " + template.gridPoints()
                        + "-point grid is in no shard (a shard directory was overwritten or cut?)");
            }
        }
        return new ShardRecord.Part(template.name(), template.description(), template.axes(), template.reference(),
                template.gridPoints(), template.gridDigest(), runs);
    }

    private static String difference(Map<String, String> a, Map<String, String> b) {
        for (var e : a.entrySet()) {
            if (!e.getValue().equals(b.get(e.getKey()))) {
                return e.getKey() + ": '" + e.getValue() + "' against '" + b.getOrDefault(e.getKey(), "") + "'";
            }
        }
        for (var e : b.entrySet()) {
            if (!a.containsKey(e.getKey())) return e.getKey() + ": '' against '" + e.getValue() + "'";
        }
        return "options";
    }

    private static String names(ShardRecord r) {
        return String.join(", ", r.parts().stream().map(ShardRecord.Part::name).toList());
    }

    private static String text(Shard s) {
        return s.index() + "/" + s.count();
    }
}
