package dev.o3.s3gateway.ozone;

import dev.o3.client.api.KeyVersionPage;
import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.VersionStore;

/** Bucket versioning and key versions, kept by OM (see {@code KeyVersions} there). */
final class OzoneVersionStore implements VersionStore {
    private final ObjectStore store;
    private final String volume;

    OzoneVersionStore(ObjectStore store, String volume) {
        this.store = store;
        this.volume = volume;
    }

    @Override
    public String versioning(String bucket) {
        return OmErrors.call(() -> bucket(bucket).info().versioning());
    }

    @Override
    public void setVersioning(String bucket, boolean enabled) {
        OmErrors.run(() -> bucket(bucket).setVersioning(enabled));
    }

    @Override
    public ObjectReader open(String bucket, String key, String versionId) {
        return OzoneObjectStore.reader(OmErrors.call(() -> bucket(bucket).readKey(key, versionId)), key);
    }

    @Override
    public DeletedVersion delete(String bucket, String key, String versionId) {
        dev.o3.client.api.DeletedVersion deleted =
                OmErrors.call(() -> bucket(bucket).deleteVersion(key, versionId));
        return new DeletedVersion(deleted.versionId(), deleted.deleteMarker());
    }

    @Override
    public VersionListing list(
            String bucket, String prefix, String keyMarker, String versionIdMarker, String delimiter, int maxKeys) {
        KeyVersionPage page = OmErrors.call(
                () -> bucket(bucket).listVersions(prefix, keyMarker, versionIdMarker, delimiter, maxKeys));
        return new VersionListing(
                page.versions().stream()
                        .map(version -> new ObjectVersion(
                                S3KeyMetadata.objectInfo(version.key()), version.deleteMarker(), version.latest()))
                        .toList(),
                page.commonPrefixes(),
                page.truncated(),
                page.nextKeyMarker(),
                page.nextVersionIdMarker());
    }

    private OzoneBucket bucket(String bucket) {
        return store.bucket(volume, bucket);
    }
}
