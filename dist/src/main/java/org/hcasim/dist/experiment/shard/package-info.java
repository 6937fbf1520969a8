/**
 * Sweeps split across machines: which shard this process runs ({@link org.hcasim.dist.experiment.shard.ShardChoice},
 * from {@code --shard} or a scheduler's variables), the exact record of the points a run ran
 * ({@link org.hcasim.dist.experiment.shard.ShardRecord}, {@code hcasim-shard.json} in every {@code --out} directory)
 * and the checks that join shards' records into the whole run ({@link org.hcasim.dist.experiment.shard.ShardMerge}).
 */
package org.hcasim.dist.experiment.shard;
