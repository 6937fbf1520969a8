package org.hcasim.dist.experiment.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.grid.Shard;
import org.junit.jupiter.api.Test;

class ShardChoiceTest {
    private static final Map<String, String> SLURM = Map.of("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_MIN", "5",
            "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "4", "JOB_COMPLETION_INDEX", "0");

    @Test
    void withoutShardEveryPointRunsWhateverTheEnvironmentSays() {
        assertThat(ShardChoice.resolve(null, null, SLURM)).isEqualTo(new ShardChoice(Shard.ALL, ""));
    }

    @Test
    void theCommandLineWinsOverTheScheduler() {
        assertThat(ShardChoice.resolve("3/5", null, SLURM).shard()).isEqualTo(new Shard(3, 5));
    }

    @Test
    void autoTakesASlurmArrayTaskCountedFromItsMinimumInSteps() {
        // --array=5-11:2 gives tasks 5, 7, 9, 11: task 7 is the second of four; Slurm beats JOB_COMPLETION_INDEX
        ShardChoice c = ShardChoice.resolve("auto", null, SLURM);
        assertThat(c.shard()).isEqualTo(new Shard(2, 4));
        assertThat(c.origin()).contains("SLURM_ARRAY_TASK_ID=7");
        assertThat(ShardChoice.resolve("auto", null, Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "3")).shard())
                .isEqualTo(new Shard(1, 3));
    }

    @Test
    void autoTakesAKubernetesCompletionIndexWithTheCountFromTheOptionElseTheVariable() {
        Map<String, String> k8s = Map.of("JOB_COMPLETION_INDEX", "2", "HCASIM_SHARD_COUNT", "4");
        assertThat(ShardChoice.resolve("auto", null, k8s).shard()).isEqualTo(new Shard(3, 4));
        assertThat(ShardChoice.resolve("auto", 3, k8s).shard()).isEqualTo(new Shard(3, 3));
    }

    @Test
    void whatCannotBeAShardIsOneLineNamingTheVariable() {
        assertThatThrownBy(() -> ShardChoice.resolve("auto", null, Map.of())).isInstanceOf(UserException.class)
                .hasMessageContaining("neither SLURM_ARRAY_TASK_ID").hasMessageContaining("JOB_COMPLETION_INDEX");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", null, Map.of("JOB_COMPLETION_INDEX", "1")))
                .hasMessageContaining("--shard-count N or set HCASIM_SHARD_COUNT");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", 2, Map.of("JOB_COMPLETION_INDEX", "2")))
                .hasMessageContaining("JOB_COMPLETION_INDEX=2 is outside 0..1");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", null, Map.of("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT", "2")))
                .hasMessageContaining("SLURM_ARRAY_TASK_ID=x is not a whole number");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", null, Map.of("SLURM_ARRAY_TASK_ID", "1")))
                .hasMessageContaining("SLURM_ARRAY_TASK_COUNT is not");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", null, Map.of("SLURM_ARRAY_TASK_ID", "5", "SLURM_ARRAY_TASK_COUNT", "3")))
                .hasMessageContaining("--array=0-2");
        assertThatThrownBy(() -> ShardChoice.resolve("auto", 5, SLURM)).hasMessageContaining("contradicts SLURM_ARRAY_TASK_COUNT=4");
        assertThatThrownBy(() -> ShardChoice.resolve("1/2", 2, Map.of())).hasMessageContaining("only with --shard auto");
    }
}
