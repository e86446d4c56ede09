package dev.o3.om.fso;

import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;

/**
 * A path found in the tree.
 *
 * @param row its row key (directory or file table)
 * @param info the stored row (leaf name only)
 * @param fullName the path from the bucket root
 * @param isDirectory whether it is a directory
 */
record Resolved(String row, KeyInfo info, String fullName, boolean isDirectory) {
    KeyInfo withFullName(BucketInfo bucket) {
        return info.toBuilder()
                .setVolume(bucket.getVolume())
                .setBucket(bucket.getName())
                .setName(isDirectory ? fullName + "/" : fullName)
                .setIsDirectory(isDirectory)
                .build();
    }
}
