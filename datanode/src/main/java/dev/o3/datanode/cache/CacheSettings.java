package dev.o3.datanode.cache;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.datanode.config.DatanodeConfigKeys;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The SSD read cache's settings.
 *
 * @param dir cache directory, if any
 * @param capacity bytes of pages at most; 0 = no cache
 * @param pageSize bytes per page
 * @param mode mode at start
 * @param admission admission policy name (window or tinylfu)
 * @param windowReads the window policy admits a chunk read more than this many times in the window
 * @param windowMinutes the window policy's window in minutes
 */
public record CacheSettings(
        Optional<Path> dir,
        long capacity,
        int pageSize,
        CacheMode mode,
        String admission,
        int windowReads,
        int windowMinutes) {
    /** Largest page size: a page is read into one array. */
    static final long MAX_PAGE_SIZE = 64L << 20;

    public CacheSettings {
        Objects.requireNonNull(dir, "dir is null");
        Objects.requireNonNull(mode, "mode is null");
        Objects.requireNonNull(admission, "admission is null");
        if (pageSize <= 0) {
            throw new ConfigException(DatanodeConfigKeys.CACHE_PAGE_SIZE.name() + " must be positive");
        }
    }

    /**
     * Reads the settings.
     *
     * @throws ConfigException for a page size above 64 MB or a window under a minute
     */
    public static CacheSettings from(OzoneConfiguration conf) {
        long pageSize = conf.get(DatanodeConfigKeys.CACHE_PAGE_SIZE).bytes();
        if (pageSize > MAX_PAGE_SIZE) {
            throw new ConfigException(DatanodeConfigKeys.CACHE_PAGE_SIZE.name() + " must be at most 64MB");
        }
        long minutes = conf.get(DatanodeConfigKeys.CACHE_WINDOW).toMinutes();
        if (minutes < 1 || minutes > 7 * 24 * 60) {
            throw new ConfigException(DatanodeConfigKeys.CACHE_WINDOW.name() + " must be between 1 minute and 7 days");
        }
        return new CacheSettings(
                conf.find(DatanodeConfigKeys.CACHE_DIR),
                conf.get(DatanodeConfigKeys.CACHE_SIZE).bytes(),
                (int) pageSize,
                CacheMode.named(conf.get(DatanodeConfigKeys.CACHE_MODE)),
                conf.get(DatanodeConfigKeys.CACHE_ADMISSION),
                conf.get(DatanodeConfigKeys.CACHE_WINDOW_READS),
                (int) minutes);
    }

    /** Whether a cache exists: a directory and a positive size. */
    public boolean configured() {
        return dir.isPresent() && capacity > 0;
    }

    /** A new instance of the configured admission policy. */
    AdmissionPolicy newPolicy() {
        return switch (admission) {
            case "tinylfu" -> new TinyLfuAdmission(Math.max(1, capacity / pageSize));
            default -> new WindowAdmission(windowReads, windowMinutes, System::nanoTime);
        };
    }
}
