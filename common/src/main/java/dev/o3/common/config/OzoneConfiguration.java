package dev.o3.common.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The effective configuration of one process: {@code ozone-site.xml} overlaid with {@code -Dkey=value} overrides,
 * validated against every registered {@link ConfigKey}. Immutable and thread-safe.
 *
 * <p>Loading fails with a {@link ConfigException} naming the key and the bad value when a key is unknown or its value
 * does not parse, so a typo stops the daemon at start instead of being silently ignored.
 */
public final class OzoneConfiguration {
    private final ConfigRegistry registry;
    private final Map<String, String> values;

    private OzoneConfiguration(ConfigRegistry registry, Map<String, String> values) {
        this.registry = registry;
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /**
     * Loads a site file (if given) and applies overrides, against the keys installed on the classpath.
     *
     * @throws ConfigException for a missing file, an unknown key or a malformed value
     */
    public static OzoneConfiguration load(Optional<Path> siteFile, Map<String, String> overrides) {
        return load(ConfigRegistry.loadInstalled(), siteFile, overrides);
    }

    /** As {@link #load(Optional, Map)}, against an explicit registry. */
    public static OzoneConfiguration load(
            ConfigRegistry registry, Optional<Path> siteFile, Map<String, String> overrides) {
        Map<String, String> merged = new LinkedHashMap<>();
        siteFile.ifPresent(file -> putAll(registry, merged, OzoneSiteXml.read(file), file.toString()));
        putAll(registry, merged, overrides, "-D overrides");
        return new OzoneConfiguration(registry, merged);
    }

    /** Only defaults, plus the given values (tests and embedded clusters). */
    public static OzoneConfiguration of(Map<String, String> values) {
        return load(Optional.empty(), values);
    }

    /** A copy with one more value set; validated like any other. */
    public OzoneConfiguration with(String key, String value) {
        Map<String, String> merged = new LinkedHashMap<>(values);
        putAll(registry, merged, Map.of(key, value), "override");
        return new OzoneConfiguration(registry, merged);
    }

    /** A copy with the given key set to a typed value's text form. */
    public OzoneConfiguration with(ConfigKey<?> key, Object value) {
        return with(key.name(), String.valueOf(value));
    }

    /**
     * The value of a key, or its default.
     *
     * @throws ConfigException when the key has no value and no default
     */
    public <T> T get(ConfigKey<T> key) {
        return find(key)
                .orElseThrow(() -> new ConfigException("required configuration key " + key.name() + " is not set"));
    }

    /** The value of a key or its default; empty when neither exists. */
    public <T> Optional<T> find(ConfigKey<T> key) {
        String raw = values.get(key.name());
        if (raw == null) {
            raw = key.defaultValue().orElse(null);
        }
        return raw == null ? Optional.empty() : Optional.of(parse(key, raw));
    }

    /** Whether the key was set explicitly (not just defaulted). */
    public boolean isSet(ConfigKey<?> key) {
        return values.containsKey(key.name());
    }

    /** Explicitly set values by canonical key name, for logging the effective configuration. */
    public Map<String, String> explicitValues() {
        return values;
    }

    private static void putAll(
            ConfigRegistry registry, Map<String, String> target, Map<String, String> source, String origin) {
        for (Map.Entry<String, String> entry : source.entrySet()) {
            String name = Objects.requireNonNull(entry.getKey(), "key is null");
            ConfigKey<?> key = registry.find(name)
                    .orElseThrow(() -> new ConfigException("unknown configuration key '" + name + "' (from " + origin
                            + "); see docs/configuration.md for the supported keys"));
            parse(key, entry.getValue());
            boolean isAlias = !key.name().equals(name);
            if (!isAlias || !source.containsKey(key.name())) {
                target.put(key.name(), entry.getValue());
            }
        }
    }

    private static <T> T parse(ConfigKey<T> key, String raw) {
        try {
            return key.type().parse(raw);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ConfigException("invalid value '" + raw + "' for configuration key " + key.name() + " ("
                    + key.type().typeName() + "): " + e.getMessage());
        }
    }
}
