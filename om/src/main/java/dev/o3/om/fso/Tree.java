package dev.o3.om.fso;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import java.util.Optional;

/** Path walking over the directory table of an FSO bucket: O(depth) point reads. */
final class Tree {
    private Tree() {}

    /** Finds a path (file or directory); empty when any segment is missing. */
    static Optional<Resolved> resolve(ReadView view, BucketInfo bucket, String[] segments) {
        long bucketId = bucket.getObjectId();
        long parent = bucketId;
        for (int i = 0; i < segments.length; i++) {
            String row = RowKeys.child(bucketId, parent, segments[i]);
            Optional<KeyInfo> directory = view.get(OmSchema.DIRECTORIES, row);
            boolean last = i == segments.length - 1;
            if (last) {
                String fullName = String.join("/", segments);
                if (directory.isPresent()) {
                    return Optional.of(new Resolved(row, directory.get(), fullName, true));
                }
                return view.get(OmSchema.FILES, row).map(file -> new Resolved(row, file, fullName, false));
            }
            if (directory.isEmpty()) {
                return Optional.empty();
            }
            parent = directory.get().getObjectId();
        }
        return Optional.empty();
    }

    /**
     * Object id of the directory at {@code segments}, creating missing ones (the bucket id for no segments).
     *
     * @throws OmException FILE_ALREADY_EXISTS when a file is in the way
     */
    static long makeDirectories(Mutation mutation, BucketInfo bucket, String[] segments, long timeMillis)
            throws OmException {
        long bucketId = bucket.getObjectId();
        long parent = bucketId;
        for (String segment : segments) {
            String row = RowKeys.child(bucketId, parent, segment);
            Optional<KeyInfo> directory = mutation.get(OmSchema.DIRECTORIES, row);
            if (directory.isPresent()) {
                parent = directory.get().getObjectId();
                continue;
            }
            if (mutation.get(OmSchema.FILES, row).isPresent()) {
                throw new OmException(
                        OmStatus.FILE_ALREADY_EXISTS, "a file exists where a directory is needed: " + segment);
            }
            long id = mutation.nextObjectId();
            mutation.put(
                    OmSchema.DIRECTORIES,
                    row,
                    KeyInfo.newBuilder()
                            .setVolume(bucket.getVolume())
                            .setBucket(bucket.getName())
                            .setName(segment)
                            .setIsDirectory(true)
                            .setObjectId(id)
                            .setParentId(parent)
                            .setCreationTimeMillis(timeMillis)
                            .setModificationTimeMillis(timeMillis)
                            .build());
            parent = id;
        }
        return parent;
    }

    static boolean hasChildren(ReadView view, long bucketId, long directoryId) {
        return FileSystemLayout.hasRows(view, RowKeys.childrenOf(bucketId, directoryId));
    }
}
