package dev.o3.common.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** Every known key, from every {@link ConfigGroup} on the classpath, by canonical name and by alias. */
public final class ConfigRegistry {
    private final List<ConfigGroup> groups;
    private final Map<String, ConfigKey<?>> byName;

    private ConfigRegistry(List<ConfigGroup> groups) {
        this.groups = List.copyOf(groups);
        Map<String, ConfigKey<?>> names = new HashMap<>();
        for (ConfigGroup group : groups) {
            for (ConfigKey<?> key : group.keys()) {
                register(names, key.name(), key);
                key.aliases().forEach(alias -> register(names, alias, key));
            }
        }
        this.byName = Map.copyOf(names);
    }

    /** The groups registered through {@code META-INF/services/dev.o3.common.config.ConfigGroup}. */
    public static ConfigRegistry loadInstalled() {
        List<ConfigGroup> groups = new ArrayList<>();
        ServiceLoader.load(ConfigGroup.class, ConfigRegistry.class.getClassLoader())
                .forEach(groups::add);
        groups.sort(Comparator.comparingInt(ConfigGroup::order).thenComparing(ConfigGroup::title));
        return new ConfigRegistry(groups);
    }

    public static ConfigRegistry of(List<ConfigGroup> groups) {
        return new ConfigRegistry(groups);
    }

    public List<ConfigGroup> groups() {
        return groups;
    }

    /** The key registered under a canonical name or alias. */
    public Optional<ConfigKey<?>> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    private static void register(Map<String, ConfigKey<?>> names, String name, ConfigKey<?> key) {
        ConfigKey<?> previous = names.putIfAbsent(name, key);
        if (previous != null && previous != key) {
            throw new IllegalStateException("configuration key declared twice: " + name);
        }
    }
}
