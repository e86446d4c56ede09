package dev.o3.om.fso;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.TableDefinition;
import java.util.Optional;

/**
 * One FSO rename, following the Hadoop FileSystem contract: the source must exist; an existing destination
 * directory receives the source inside it; an existing destination file is an error; the destination's parent must
 * exist; a directory cannot move into its own subtree. The source row is deleted and one row is written under the new
 * parent with the same object id, so children (which point at that id) stay put: O(1) and atomic. Used once, on the
 * applier thread.
 */
final class Rename {
    private final Mutation mutation;
    private final BucketInfo bucket;
    private final long bucketId;
    private final long timeMillis;

    Rename(Mutation mutation, BucketInfo bucket, long timeMillis) {
        this.mutation = mutation;
        this.bucket = bucket;
        this.bucketId = bucket.getObjectId();
        this.timeMillis = timeMillis;
    }

    void run(String from, String to) throws OmException {
        Resolved source = Tree.resolve(mutation, bucket, Names.pathSegments(from))
                .orElseThrow(() -> FileSystemLayout.notFound(bucket, from));
        long sourceId = source.info().getObjectId();
        String[] target = Names.pathSegments(to);
        long parent = bucketId;
        for (int i = 0; i < target.length - 1; i++) {
            KeyInfo directory = mutation.get(OmSchema.DIRECTORIES, RowKeys.child(bucketId, parent, target[i]))
                    .orElseThrow(() -> new OmException(
                            OmStatus.DIRECTORY_NOT_FOUND, "parent of rename target does not exist: " + to));
            parent = checkNotInside(directory.getObjectId(), sourceId, source, to);
        }
        String leaf = target[target.length - 1];
        String row = RowKeys.child(bucketId, parent, leaf);
        Optional<KeyInfo> targetDirectory = mutation.get(OmSchema.DIRECTORIES, row);
        if (targetDirectory.isPresent()) {
            if (targetDirectory.get().getObjectId() == sourceId) {
                return;
            }
            parent = checkNotInside(targetDirectory.get().getObjectId(), sourceId, source, to);
            leaf = source.info().getName();
            row = RowKeys.child(bucketId, parent, leaf);
            if (mutation.get(OmSchema.DIRECTORIES, row).isPresent()
                    || mutation.get(OmSchema.FILES, row).isPresent()) {
                throw new OmException(OmStatus.FILE_ALREADY_EXISTS, "rename target exists: " + to + "/" + leaf);
            }
        } else if (mutation.get(OmSchema.FILES, row).isPresent()) {
            if (row.equals(source.row())) {
                return;
            }
            throw new OmException(OmStatus.KEY_ALREADY_EXISTS, "rename target exists: " + to);
        }
        TableDefinition<String, KeyInfo> table = source.isDirectory() ? OmSchema.DIRECTORIES : OmSchema.FILES;
        mutation.delete(table, source.row());
        mutation.put(
                table,
                row,
                source.info().toBuilder()
                        .setName(leaf)
                        .setParentId(parent)
                        .setModificationTimeMillis(timeMillis)
                        .build());
    }

    private static long checkNotInside(long directoryId, long sourceId, Resolved source, String to) throws OmException {
        if (source.isDirectory() && directoryId == sourceId) {
            throw new OmException(
                    OmStatus.INVALID_REQUEST, "cannot move " + source.fullName() + " into its own subtree " + to);
        }
        return directoryId;
    }
}
