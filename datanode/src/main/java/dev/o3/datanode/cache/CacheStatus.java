package dev.o3.datanode.cache;

/**
 * The state and counters of a datanode's SSD read cache ({@code ozone admin datanode cache status}, the {@code
 * /cache} page). Hits and misses count client chunk reads of closed containers; in shadow mode they count what the
 * cache would have served.
 *
 * @param mode ENABLED, SHADOW, DISABLED or FAILED
 * @param reason why the cache is disabled or failed; empty otherwise
 * @param dir the cache directory; empty when none is configured
 * @param admission the admission policy
 * @param capacityBytes configured capacity
 * @param usedBytes bytes of cached pages
 * @param pages cached pages
 * @param pageSizeBytes page size
 * @param hits chunk reads served whole from the cache
 * @param misses chunk reads served from the volume
 * @param hitRatio hits / (hits + misses)
 * @param bytesFromCache chunk bytes served from the cache
 * @param bytesFromVolume chunk bytes of misses, read from the volume
 * @param admissions chunks the policy admitted
 * @param rejections chunks the policy refused, or refused because the page writer was busy
 * @param evictions pages evicted for room
 * @param bytesWritten bytes written to the cache device (headers included)
 * @param pagesAdmitted pages written (or, in shadow mode, recorded)
 * @param pagesReused admitted pages read at least once since
 * @param reuseRatio pagesReused / pagesAdmitted
 * @param corruptPages pages dropped because their checksum did not match
 * @param missingPages pages whose file was gone when read
 * @param deviceErrors I/O errors of the cache device
 */
public record CacheStatus(
        String mode,
        String reason,
        String dir,
        String admission,
        long capacityBytes,
        long usedBytes,
        long pages,
        long pageSizeBytes,
        long hits,
        long misses,
        double hitRatio,
        long bytesFromCache,
        long bytesFromVolume,
        long admissions,
        long rejections,
        long evictions,
        long bytesWritten,
        long pagesAdmitted,
        long pagesReused,
        double reuseRatio,
        long corruptPages,
        long missingPages,
        long deviceErrors) {}
