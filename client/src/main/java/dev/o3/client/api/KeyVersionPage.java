package dev.o3.client.api;

import java.util.List;
import java.util.Objects;

/**
 * One page of a bucket's key versions, in key order and newest first within a key.
 *
 * @param versions versions and delete markers
 * @param commonPrefixes key prefixes rolled up at the delimiter
 * @param truncated whether more follow; then resume from the next markers
 * @param nextKeyMarker key marker of the next page
 * @param nextVersionIdMarker version id marker of the next page (empty after a common prefix)
 */
public record KeyVersionPage(
        List<KeyVersionInfo> versions,
        List<String> commonPrefixes,
        boolean truncated,
        String nextKeyMarker,
        String nextVersionIdMarker) {
    public KeyVersionPage {
        versions = List.copyOf(versions);
        commonPrefixes = List.copyOf(commonPrefixes);
        Objects.requireNonNull(nextKeyMarker, "nextKeyMarker is null");
        Objects.requireNonNull(nextVersionIdMarker, "nextVersionIdMarker is null");
    }
}
