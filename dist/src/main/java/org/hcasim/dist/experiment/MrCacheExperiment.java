package org.hcasim.dist.experiment;

import java.util.List;
import java.util.Map;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * {@code mr-cache}: the time for each of T threads to register N user MRs of 2^6 pages (256 KiB, the MR cache's
 * entry of order 6) with the cache looking only at the requested entry ({@code strict}) against walking up the larger
 * ones ({@code search_larger}), on the reference's 44-core Xeon E5-2699 v4 with a ConnectX-5 ({@link MrBenchWorkload}).
 */
public final class MrCacheExperiment implements ExperimentDefinition {
    public static final String POLICY_AXIS = "policy";
    public static final String SEARCH_LARGER = "search_larger";
    public static final String STRICT = "strict";
    /** 2^6 pages, as the reference CSV's comment says. */
    static final int PAGES = 64;

    @Override
    public String name() {
        return "mr-cache";
    }

    @Override
    public String description() {
        return "Time for each of T threads to register N user MRs of 2^6 pages through the mlx5 MR cache, lookup"
                + " search-larger vs strict, on a 44-core Xeon E5-2699 v4 with a ConnectX-5";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("threads", List.of("1", "5"), List.of("2", "3", "4", "8", "10", "20", "40")),
                Axis.of("mrs", List.of("1000", "10000", "100000"), List.of("100", "2000", "5000", "20000", "50000", "200000")),
                Axis.of(POLICY_AXIS, SEARCH_LARGER, STRICT));
    }

    @Override
    public String policyAxis() {
        return POLICY_AXIS;
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/dist/reference/mr-cache.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("threads"), ReferenceColumn.axis("mrs"),
                ReferenceColumn.metric("search_larger_ms", "ms", POLICY_AXIS, SEARCH_LARGER),
                ReferenceColumn.metric("strict_ms", "ms", POLICY_AXIS, STRICT));
    }

    /** The point's axis value as the policy's configuration name. */
    static String policyName(String axisValue) {
        return switch (axisValue) {
            case SEARCH_LARGER -> MrCachePolicies.SEARCH_LARGER;
            case STRICT -> MrCachePolicies.STRICT;
            default -> throw new IllegalArgumentException("mr-cache: policy=" + axisValue + " is not one of "
                    + SEARCH_LARGER + ", " + STRICT);
        };
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        TestbedSpec testbed = TestbedSpec.resource(MrCacheExperiment.class, "mr-cache-testbed.properties")
                .with(MrCachePolicies.KEY, policyName(point.get(POLICY_AXIS)));
        MrBenchWorkload bench = new MrBenchWorkload(new MrBenchWorkload.Options(point.getInt("threads"),
                point.getInt("mrs"), PAGES, false), MrBenchWorkload.Progress.NONE);
        WorkloadOutcome outcome = context.runCustom(testbed, bench);
        return PointResult.of(Map.of("ms", outcome.metric("ms")), outcome.report());
    }
}
