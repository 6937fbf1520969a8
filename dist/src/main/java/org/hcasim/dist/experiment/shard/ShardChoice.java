package org.hcasim.dist.experiment.shard;

import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.grid.Shard;

/**
 * The shard this process runs and where that came from. The command line decides: {@code --shard K/N} names it;
 * {@code --shard auto} reads it from the scheduler, a Slurm job array first ({@code SLURM_ARRAY_TASK_ID} with
 * {@code SLURM_ARRAY_TASK_COUNT}, offset by {@code SLURM_ARRAY_TASK_MIN} and {@code SLURM_ARRAY_TASK_STEP}), else a
 * Kubernetes Indexed Job ({@code JOB_COMPLETION_INDEX}, 0-based, with the count from {@code --shard-count} or else
 * {@code HCASIM_SHARD_COUNT}, since Kubernetes does not export the Job's completions). Without {@code --shard} every
 * point runs whatever the environment says: a job array whose tasks run different commands is never split by surprise.
 *
 * @param origin how the shard was chosen, for the one stderr line ({@code ""} when every point runs)
 */
public record ShardChoice(Shard shard, String origin) {

    public static final String AUTO = "auto";

    public static ShardChoice resolve(String option, Integer countOption, Map<String, String> env) {
        if (option == null || !option.strip().equals(AUTO)) {
            if (countOption != null) {
                throw new UserException("--shard-count " + countOption + " applies only with --shard auto (a Kubernetes Indexed Job)");
            }
            return option == null ? new ShardChoice(Shard.ALL, "") : new ShardChoice(Shard.parse(option), "--shard " + option.strip());
        }
        String slurmId = env.get("SLURM_ARRAY_TASK_ID");
        if (slurmId != null) {
            return slurm(slurmId, countOption, env);
        }
        String k8sIndex = env.get("JOB_COMPLETION_INDEX");
        if (k8sIndex != null) {
            int index = integer("JOB_COMPLETION_INDEX", k8sIndex);
            int count;
            String from;
            if (countOption != null) {
                count = countOption;
                from = "--shard-count " + countOption;
            } else if (env.get("HCASIM_SHARD_COUNT") != null) {
                count = integer("HCASIM_SHARD_COUNT", env.get("HCASIM_SHARD_COUNT"));
                from = "HCASIM_SHARD_COUNT=" + count;
            } else {
                throw new UserException("--shard auto: JOB_COMPLETION_INDEX=" + k8sIndex + " is set but not the number of shards:"
                        + " give --shard-count N or set HCASIM_SHARD_COUNT to the Job's completions");
            }
            if (index < 0 || index >= count) {
                throw new UserException("--shard auto: JOB_COMPLETION_INDEX=" + index + " is outside 0.." + (count - 1) + " (" + from + ")");
            }
            return new ShardChoice(new Shard(index + 1, count), "JOB_COMPLETION_INDEX=" + index + ", " + from);
        }
        throw new UserException("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX"
                + " (a Kubernetes Indexed Job) is set; give --shard K/N instead");
    }

    private static ShardChoice slurm(String idText, Integer countOption, Map<String, String> env) {
        int id = integer("SLURM_ARRAY_TASK_ID", idText);
        String countText = env.get("SLURM_ARRAY_TASK_COUNT");
        if (countText == null) {
            throw new UserException("--shard auto: SLURM_ARRAY_TASK_ID=" + id + " is set but SLURM_ARRAY_TASK_COUNT is not");
        }
        int count = integer("SLURM_ARRAY_TASK_COUNT", countText);
        if (countOption != null && countOption != count) {
            throw new UserException("--shard-count " + countOption + " contradicts SLURM_ARRAY_TASK_COUNT=" + count);
        }
        int min = env.containsKey("SLURM_ARRAY_TASK_MIN") ? integer("SLURM_ARRAY_TASK_MIN", env.get("SLURM_ARRAY_TASK_MIN")) : 0;
        int step = env.containsKey("SLURM_ARRAY_TASK_STEP") ? integer("SLURM_ARRAY_TASK_STEP", env.get("SLURM_ARRAY_TASK_STEP")) : 1;
        String from = "SLURM_ARRAY_TASK_ID=" + id + ", SLURM_ARRAY_TASK_MIN=" + min + ", SLURM_ARRAY_TASK_STEP=" + step
                + ", SLURM_ARRAY_TASK_COUNT=" + count;
        if (step < 1 || id < min || (id - min) % step != 0 || (id - min) / step >= count) {
            throw new UserException("--shard auto: " + from + " is not one of " + count + " evenly spaced tasks;"
                    + " submit a plain range such as --array=0-" + (count - 1));
        }
        return new ShardChoice(new Shard((id - min) / step + 1, count), from);
    }

    private static int integer(String variable, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new UserException("--shard auto: " + variable + "=" + text + " is not a whole number");
        }
    }
}
