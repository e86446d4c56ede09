package dev.o3.common.config;

import java.util.List;

/**
 * The keys of one component, found through {@link java.util.ServiceLoader} so that every module on the classpath
 * contributes its keys to validation and to the generated reference ({@code docs/configuration.md}).
 */
public interface ConfigGroup {
    /** Section title in the reference, e.g. "Storage Container Manager". */
    String title();

    /** Ordering of sections in the reference; lower first. */
    int order();

    List<ConfigKey<?>> keys();
}
