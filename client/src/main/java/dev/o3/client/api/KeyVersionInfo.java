package dev.o3.client.api;

import java.util.Objects;

/**
 * One version of a key in a version listing.
 *
 * @param key the version's metadata; its {@link KeyInfo#versionId()} is "null" for the null version
 * @param deleteMarker whether it is a delete marker (no data)
 * @param latest whether it is the key's newest version
 */
public record KeyVersionInfo(KeyInfo key, boolean deleteMarker, boolean latest) {
    public KeyVersionInfo {
        Objects.requireNonNull(key, "key is null");
    }
}
