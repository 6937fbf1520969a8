package org.hcasim.core.config;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Finds the known name (configuration key, job-file option) closest to a mistyped one, for "did you mean" hints. */
public final class KeySuggester {
    private final List<String> known;

    public KeySuggester(Collection<String> known) {
        this.known = known.stream().sorted().toList();
    }

    /** {@code ", did you mean X?"} with the closest known key, or "" if there is none. */
    String didYouMean(String key) {
        return closest(key, Integer.MAX_VALUE).map(best -> ", did you mean " + best + "?").orElse("");
    }

    /**
     * The known name at the smallest Levenshtein distance from {@code name} (ties: alphabetically first),
     * if that distance is at most {@code maxDistance}.
     */
    public Optional<String> closest(String name, int maxDistance) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        LevenshteinDistance levenshtein = LevenshteinDistance.getDefaultInstance();
        for (String candidate : known) {
            int d = levenshtein.apply(name, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= maxDistance ? Optional.ofNullable(best) : Optional.empty();
    }
}
