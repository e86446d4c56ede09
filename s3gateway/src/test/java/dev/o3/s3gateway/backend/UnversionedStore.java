package dev.o3.s3gateway.backend;

import java.util.List;

/** The versions of a store that keeps none: every object is its {@code null} version (an unversioned bucket). */
final class UnversionedStore implements VersionStore {
    private final ObjectStore objects;

    UnversionedStore(ObjectStore objects) {
        this.objects = objects;
    }

    @Override
    public String versioning(String bucket) {
        objects.list(bucket, "", "", 0);
        return "";
    }

    @Override
    public void setVersioning(String bucket, boolean enabled) {
        throw new BackendException(BackendStatus.INVALID_REQUEST, "the fake keeps no versions");
    }

    @Override
    public ObjectReader open(String bucket, String key, String versionId) {
        checkNull(versionId);
        return objects.open(bucket, key);
    }

    @Override
    public DeletedVersion delete(String bucket, String key, String versionId) {
        if (!versionId.isEmpty()) {
            checkNull(versionId);
        }
        objects.delete(bucket, key);
        return new DeletedVersion(versionId, false);
    }

    @Override
    public VersionListing list(
            String bucket, String prefix, String keyMarker, String versionIdMarker, String delimiter, int maxKeys) {
        List<ObjectVersion> versions = objects.list(bucket, prefix, keyMarker, maxKeys).stream()
                .map(info -> new ObjectVersion(
                        new ObjectInfo(
                                info.key(), info.size(), info.etag(), info.lastModified(), info.attributes(), "null"),
                        false,
                        true))
                .toList();
        return new VersionListing(versions, List.of(), false, "", "");
    }

    private void checkNull(String versionId) {
        if (!versionId.equals("null")) {
            throw new BackendException(BackendStatus.NO_SUCH_VERSION, "no version " + versionId);
        }
    }
}
