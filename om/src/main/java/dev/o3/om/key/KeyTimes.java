package dev.o3.om.key;

import dev.o3.proto.om.KeyInfo;

/** Hadoop's setTimes on a stored key or directory row. Stateless. */
public final class KeyTimes {
    private KeyTimes() {}

    /** The row with the times that are not negative set (Hadoop's -1: unchanged). */
    public static KeyInfo with(KeyInfo row, long modificationMillis, long accessMillis) {
        KeyInfo.Builder updated = row.toBuilder();
        if (modificationMillis >= 0) {
            updated.setModificationTimeMillis(modificationMillis);
        }
        if (accessMillis >= 0) {
            updated.setAccessTimeMillis(accessMillis);
        }
        return updated.build();
    }
}
