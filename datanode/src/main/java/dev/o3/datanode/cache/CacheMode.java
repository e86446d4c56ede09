package dev.o3.datanode.cache;

import java.util.Locale;

/** What the SSD read cache does with client reads. */
public enum CacheMode {
    /** Hot pages are written to and served from the cache device. */
    ENABLED,
    /** Admission and hit accounting run as if enabled, but nothing is written and every read comes from the volume. */
    SHADOW,
    /** Every read comes from the volume; no page is kept. */
    DISABLED,
    /** The cache device failed: disabled until an operator enables the cache again. */
    FAILED;

    /**
     * The mode an operator or the configuration names (enabled, shadow, disabled).
     *
     * @throws IllegalArgumentException for any other name
     */
    public static CacheMode named(String name) {
        CacheMode mode = valueOf(name.trim().toUpperCase(Locale.ROOT));
        if (mode == FAILED) {
            throw new IllegalArgumentException("mode must be enabled, shadow or disabled: " + name);
        }
        return mode;
    }

    /** Whether client reads go through admission and hit accounting. */
    boolean active() {
        return this == ENABLED || this == SHADOW;
    }
}
