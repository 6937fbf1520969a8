package org.hcasim.spi.settings;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Objects;
import org.hcasim.spi.InvalidSettingException;

/**
 * Typed reads of configuration keys with the grammar of {@link SettingGrammar}: the effective configuration
 * first, the owner's documented defaults behind it. A malformed or out-of-range value is an
 * {@link InvalidSettingException} naming the key, the value and what is allowed (the engine prints it as one
 * line with the layer the value came from); a key with neither a value nor a default is a bug of the owner.
 *
 * <p>Reading a key through the configuration map marks it as used, so keys nobody reads are reported.
 */
public final class Settings {
    private final Map<String, String> config;
    private final Map<String, String> defaults;

    private Settings(Map<String, String> config, Map<String, String> defaults) {
        this.config = Objects.requireNonNull(config, "config");
        this.defaults = Objects.requireNonNull(defaults, "defaults");
    }

    /** @param defaults the owner's defaults (e.g. {@code UlpProvider.defaultConfiguration()}) */
    public static Settings of(Map<String, String> config, Map<String, String> defaults) {
        return new Settings(config, defaults);
    }

    /** The value, stripped; the default when the configuration lacks the key. */
    public String string(String key) {
        String v = config.get(key);
        if (v == null) {
            v = defaults.get(key);
        }
        if (v == null) {
            throw new IllegalStateException("setting " + key + " is read but has no value and no default");
        }
        return v.strip();
    }

    public boolean bool(String key) {
        return parse(key, SettingGrammar::parseBoolean);
    }

    public int integer(String key, int min, int max) {
        return (int) checked(key, parse(key, SettingGrammar::parseLong), min, max);
    }

    public long longValue(String key, long min, long max) {
        return checked(key, parse(key, SettingGrammar::parseLong), min, max);
    }

    public double number(String key, double min, double max) {
        double v = parse(key, SettingGrammar::parseDouble);
        if (v < min || v > max) {
            throw new InvalidSettingException(key, string(key), range(Double.toString(min), Double.toString(max),
                    min == -Double.MAX_VALUE, max == Double.MAX_VALUE));
        }
        return v;
    }

    public long size(String key, long min, long max) {
        return checked(key, parse(key, SettingGrammar::parseSize), min, max);
    }

    public long durationNanos(String key, long min, long max) {
        return checked(key, parse(key, SettingGrammar::parseDurationNanos), min, max);
    }

    public <E extends Enum<E>> E choice(String key, Class<E> type) {
        return parse(key, v -> SettingGrammar.parseChoice(v, type));
    }

    /**
     * A record of type {@code type} whose components are all annotated with {@link Setting}, each read with
     * the grammar of its type (and bounds of its {@link Setting.Range}); the record's canonical constructor
     * may validate further (throwing {@link InvalidSettingException}).
     */
    public <R extends Record> R bind(Class<R> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            Setting s = c.getAnnotation(Setting.class);
            if (s == null) {
                throw new IllegalStateException(type.getName() + "." + c.getName() + " has no @Setting naming its key");
            }
            types[i] = c.getType();
            args[i] = read(s, c.getAnnotation(Setting.Range.class), c.getType(), type.getName() + "." + c.getName());
        }
        try {
            Constructor<R> ctor = type.getDeclaredConstructor(types);
            ctor.setAccessible(true);
            return ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + type.getName(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object read(Setting s, Setting.Range range, Class<?> t, String where) {
        String key = s.value();
        long min = range == null ? Long.MIN_VALUE : range.min();
        long max = range == null ? Long.MAX_VALUE : range.max();
        if (t == boolean.class) {
            return bool(key);
        } else if (t == int.class) {
            return integer(key, (int) Math.max(min, Integer.MIN_VALUE), (int) Math.min(max, Integer.MAX_VALUE));
        } else if (t == long.class) {
            return switch (s.unit()) {
                case PLAIN -> longValue(key, min, max);
                case SIZE -> size(key, Math.max(min, 0), max);
                case DURATION -> durationNanos(key, Math.max(min, 0), max);
            };
        } else if (t == double.class) {
            return number(key, range == null ? -Double.MAX_VALUE : min, range == null ? Double.MAX_VALUE : max);
        } else if (t == String.class) {
            return string(key);
        } else if (t.isEnum()) {
            return choice(key, (Class<Enum>) t);
        }
        throw new IllegalStateException(where + ": settings of type " + t.getName() + " are not supported");
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private <T> T parse(String key, Parser<T> parser) {
        String v = string(key);
        try {
            return parser.parse(v);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(key, v, e.getMessage());
        }
    }

    private long checked(String key, long v, long min, long max) {
        if (v < min || v > max) {
            throw new InvalidSettingException(key, string(key), range(Long.toString(min), Long.toString(max),
                    min == Long.MIN_VALUE, max == Long.MAX_VALUE));
        }
        return v;
    }

    private static String range(String min, String max, boolean noMin, boolean noMax) {
        return noMax ? "must be >= " + min : noMin ? "must be <= " + max : "must be in " + min + ".." + max;
    }
}
