package dev.o3.om.key;

import dev.o3.om.fso.FileSystemLayout;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;

/** Picks the {@link KeyLayout} of a bucket. */
public final class KeyLayouts {
    private static final KeyLayout OBJECT_STORE = new ObjectStoreLayout();
    private static final KeyLayout FILE_SYSTEM = new FileSystemLayout();

    private KeyLayouts() {}

    public static KeyLayout of(BucketInfo bucket) {
        return bucket.getLayout() == BucketLayout.FILE_SYSTEM_OPTIMIZED ? FILE_SYSTEM : OBJECT_STORE;
    }
}
