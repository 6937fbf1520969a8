package org.hcasim.ulp.iser.pdu;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The data segment of Login and Text PDUs (RFC 7143 section 6.1): {@code key=value} pairs, each ended by a NUL
 * byte, in UTF-8, in the order written. A key may repeat (SendTargets lists one TargetName and TargetAddress per
 * target). Keys are 1-63 characters of letters, digits and {@code . - + @ _ :}; values at most 8192 bytes.
 */
public record TextParameters(List<Pair> pairs) {

    /** One {@code key=value}. */
    public record Pair(String key, String value) {
        public Pair {
            if (key.isEmpty() || key.length() > 63 || !key.chars().allMatch(TextParameters::keyChar)) {
                throw new IllegalArgumentException("text key '" + key + "': 1-63 letters, digits or . - + @ _ :");
            }
            if (value.indexOf('\0') >= 0 || value.getBytes(StandardCharsets.UTF_8).length > MAX_VALUE_BYTES) {
                throw new IllegalArgumentException("text value of " + key + ": no NUL, at most " + MAX_VALUE_BYTES + " bytes");
            }
        }
    }

    public static final int MAX_VALUE_BYTES = 8192;

    public TextParameters {
        pairs = List.copyOf(pairs);
    }

    private static boolean keyChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || ".-+@_:".indexOf(c) >= 0;
    }

    public static TextParameters of(String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("text parameters come in key, value pairs");
        }
        List<Pair> p = new ArrayList<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            p.add(new Pair(keysAndValues[i], keysAndValues[i + 1]));
        }
        return new TextParameters(p);
    }

    /** The first value of {@code key}. */
    public Optional<String> get(String key) {
        for (Pair p : pairs) {
            if (p.key().equals(key)) {
                return Optional.of(p.value());
            }
        }
        return Optional.empty();
    }

    /** Every value of {@code key}, in order. */
    public List<String> all(String key) {
        return pairs.stream().filter(p -> p.key().equals(key)).map(Pair::value).toList();
    }

    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Pair p : pairs) {
            out.writeBytes((p.key() + "=" + p.value()).getBytes(StandardCharsets.UTF_8));
            out.write(0);
        }
        return out.toByteArray();
    }

    /** Decodes a data segment; a pair without '=', or text not ended by NUL, is an IllegalArgumentException. */
    public static TextParameters decode(byte[] b, int at, int length) {
        List<Pair> p = new ArrayList<>();
        int start = at;
        for (int i = at; i < at + length; i++) {
            if (b[i] != 0) {
                continue;
            }
            String kv = new String(b, start, i - start, StandardCharsets.UTF_8);
            int eq = kv.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("text parameter '" + kv + "' has no '='");
            }
            p.add(new Pair(kv.substring(0, eq), kv.substring(eq + 1)));
            start = i + 1;
        }
        if (start != at + length) {
            throw new IllegalArgumentException("text data segment does not end with a NUL byte");
        }
        return new TextParameters(p);
    }

    @Override
    public String toString() {
        return String.join(" ", pairs.stream().map(p -> p.key() + "=" + p.value()).toList());
    }
}
