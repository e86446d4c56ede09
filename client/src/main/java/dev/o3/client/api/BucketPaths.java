package dev.o3.client.api;

import dev.o3.client.om.OmClient;
import dev.o3.proto.om.CreateDirectoryRequest;
import dev.o3.proto.om.CreateDirectoryResponse;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.FileStatusRequest;
import dev.o3.proto.om.FileStatusResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.SetTimesRequest;
import dev.o3.proto.om.SetTimesResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A bucket's keys as files and directories, the way a file system ({@code ofs://}) sees them: a key's name is its
 * path, "/" separates directories, and in FILE_SYSTEM_OPTIMIZED buckets directories are entries of their own.
 * Thread-safe.
 */
public final class BucketPaths {
    private final String volume;
    private final String bucket;
    private final OmClient om;

    BucketPaths(String volume, String bucket, OmClient om) {
        this.volume = volume;
        this.bucket = bucket;
        this.om = om;
    }

    /**
     * Deletes a key, or in a FILE_SYSTEM_OPTIMIZED bucket a file or directory; a directory with children only when
     * {@code recursive}, then in one atomic step whatever its size.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, DIRECTORY_NOT_EMPTY
     */
    public void delete(String path, boolean recursive) {
        om.call(
                "DeleteKey",
                stub -> stub.deleteKey(DeleteKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(path)
                        .setRecursive(recursive)
                        .build()),
                DeleteKeyResponse::getError);
    }

    /**
     * Creates a directory and any missing parents (FILE_SYSTEM_OPTIMIZED buckets); an existing directory is kept.
     *
     * @throws dev.o3.client.om.OmException FILE_ALREADY_EXISTS when a file is in the way, INVALID_KEY_NAME
     */
    public void createDirectory(String path) {
        om.call(
                "CreateDirectory",
                stub -> stub.createDirectory(CreateDirectoryRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setPath(path)
                        .build()),
                CreateDirectoryResponse::getError);
    }

    /**
     * Sets the modification and access times (milliseconds since the epoch) of a file or directory; -1 leaves one
     * unchanged.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public void setTimes(String path, long modificationMillis, long accessMillis) {
        om.call(
                "SetTimes",
                stub -> stub.setTimes(SetTimesRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setPath(path)
                        .setModificationTimeMillis(modificationMillis)
                        .setAccessTimeMillis(accessMillis)
                        .build()),
                SetTimesResponse::getError);
    }

    /**
     * The file or directory at {@code path}; the bucket itself (a directory) for an empty path.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public PathStatus status(String path) {
        FileStatusResponse response = om.call(
                "GetFileStatus",
                stub -> stub.getFileStatus(FileStatusRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setPath(path)
                        .build()),
                FileStatusResponse::getError);
        return pathStatus(response.getStatus());
    }

    /**
     * One page of the children of directory {@code directory} ("" for the bucket's top level) after
     * {@code startAfter} (a full path as a previous page returned it, or "").
     */
    public DirectoryPage listDirectory(String directory, String startAfter, int pageSize) {
        String prefix = directory.isEmpty() ? "" : directory + "/";
        ListKeysResponse page = om.call(
                "ListKeys",
                stub -> stub.listKeys(ListKeysRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setPrefix(prefix)
                        .setStartAfter(startAfter)
                        .setDelimiter("/")
                        .setMaxResults(pageSize)
                        .build()),
                ListKeysResponse::getError);
        List<PathStatus> entries = new ArrayList<>();
        page.getKeysList().forEach(key -> entries.add(pathStatus(key)));
        page.getCommonPrefixesList()
                .forEach(common -> entries.add(new PathStatus(trimSlashes(common), true, 0, 0, Instant.EPOCH)));
        entries.sort((a, b) -> a.path().compareTo(b.path()));
        Optional<String> next = page.getTruncated() && !page.getNextStartAfter().isEmpty()
                ? Optional.of(page.getNextStartAfter())
                : Optional.empty();
        return new DirectoryPage(entries, next);
    }

    private static PathStatus pathStatus(KeyInfo key) {
        return new PathStatus(
                trimSlashes(key.getName()),
                key.getIsDirectory(),
                key.getIsDirectory() ? 0 : key.getSize(),
                key.getIsDirectory()
                        ? 0
                        : OmTranslator.factor(key.getReplication().getFactor()),
                Instant.ofEpochMilli(key.getModificationTimeMillis()),
                Instant.ofEpochMilli(
                        key.getAccessTimeMillis() > 0 ? key.getAccessTimeMillis() : key.getModificationTimeMillis()));
    }

    private static String trimSlashes(String path) {
        return path.replaceAll("^/+|/+$", "");
    }
}
