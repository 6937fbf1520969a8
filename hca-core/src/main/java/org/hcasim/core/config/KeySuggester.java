package org.hcasim.core.config;

import java.util.Collection;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Finds the known key closest to a mistyped one, for "did you mean" hints. */
final class KeySuggester {
    private final List<String> known;

    KeySuggester(Collection<String> known) {
        this.known = known.stream().sorted().toList();
    }

    /** {@code "; did you mean X?"} with the closest known key (ties: alphabetically first), or "" if none. */
    String didYouMean(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        LevenshteinDistance levenshtein = LevenshteinDistance.getDefaultInstance();
        for (String candidate : known) {
            int d = levenshtein.apply(key, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best == null ? "" : ", did you mean " + best + "?";
    }
}
