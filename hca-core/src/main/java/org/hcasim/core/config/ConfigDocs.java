package org.hcasim.core.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Documentation of keys from the comments of a properties file, for {@code hcasim config --doc}:
 * a key is documented by the comment block above it; keys right below one another share it
 * (e.g. a group of costs with one comment). A blank line ends a block.
 */
public final class ConfigDocs {
    private ConfigDocs() { }

    /** Key to its comment text (lines joined by spaces); keys without a comment block are absent. */
    public static Map<String, String> fromProperties(String text) {
        Map<String, String> docs = new LinkedHashMap<>();
        StringBuilder block = new StringBuilder();
        boolean blockHasKeys = false;
        for (String line : text.split("\\R")) {
            String t = line.strip();
            if (t.isEmpty()) {
                block.setLength(0);
                blockHasKeys = false;
            } else if (t.startsWith("#") || t.startsWith("!")) {
                if (blockHasKeys) { // a comment after keys starts the next group's block
                    block.setLength(0);
                    blockHasKeys = false;
                }
                String c = t.substring(1).strip();
                if (!c.startsWith("----")) { // section rulers are headings, not documentation
                    block.append(block.isEmpty() ? "" : " ").append(c);
                }
            } else {
                int eq = t.indexOf('=');
                if (eq > 0 && !block.isEmpty()) {
                    docs.put(t.substring(0, eq).strip(), block.toString());
                }
                blockHasKeys = true;
            }
        }
        return docs;
    }
}
