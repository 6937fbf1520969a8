/**
 * The mlx5 driver's MR cache ({@code drivers/infiniband/hw/mlx5/mr.c}, {@code mr_cache}): 21 entries of
 * pre-created mkeys by order, each behind its own spin lock, refilled in the background through asynchronous
 * CREATE_MKEY firmware commands and shrunk slowly, with a lookup policy ({@link org.hcasim.core.mrcache.MrCachePolicies}:
 * {@code search-larger}, {@code strict}). Also the driver resources a user registration uses besides the cache:
 * its firmware commands with their completion interrupts ({@link org.hcasim.core.mrcache.DeviceCommands}) and its
 * UMR queue ({@link org.hcasim.core.mrcache.UmrQueue}). What the cache stores is the verbs engine's business
 * ({@link org.hcasim.core.mrcache.MkeyStore}); docs/mr-cache.md describes the kernel behaviour modelled.
 */
package org.hcasim.core.mrcache;
