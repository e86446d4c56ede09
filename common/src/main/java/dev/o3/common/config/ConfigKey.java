package dev.o3.common.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One configuration key: its Ozone name, legacy aliases, type, default and description, declared together so they
 * cannot drift apart. A key without a default is optional unless a component requires it.
 *
 * @param <T> the parsed value's type
 */
public final class ConfigKey<T> {
    private final String name;
    private final ConfigType<T> type;
    private final Optional<String> defaultValue;
    private final String description;
    private final List<String> aliases;

    private ConfigKey(
            String name, ConfigType<T> type, Optional<String> defaultValue, String description, List<String> aliases) {
        this.name = Objects.requireNonNull(name, "name is null");
        this.type = Objects.requireNonNull(type, "type is null");
        this.defaultValue = Objects.requireNonNull(defaultValue, "defaultValue is null");
        this.description = Objects.requireNonNull(description, "description is null");
        this.aliases = List.copyOf(aliases);
        defaultValue.ifPresent(value -> {
            try {
                type.parse(value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("default of " + name + " is invalid: '" + value + "'", e);
            }
        });
    }

    /** A key with a default value. */
    public static <T> ConfigKey<T> of(String name, ConfigType<T> type, String defaultValue, String description) {
        return new ConfigKey<>(name, type, Optional.of(defaultValue), description, List.of());
    }

    /** A key with no default: absent means "not configured". */
    public static <T> ConfigKey<T> optional(String name, ConfigType<T> type, String description) {
        return new ConfigKey<>(name, type, Optional.empty(), description, List.of());
    }

    /** This key, also read under the given legacy names (the canonical name wins when both are set). */
    public ConfigKey<T> withAliases(String... legacyNames) {
        return new ConfigKey<>(name, type, defaultValue, description, List.of(legacyNames));
    }

    public String name() {
        return name;
    }

    public ConfigType<T> type() {
        return type;
    }

    public Optional<String> defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    public List<String> aliases() {
        return aliases;
    }

    @Override
    public String toString() {
        return name;
    }
}
