package dev.o3.client.api;

import dev.o3.client.io.KeyCommitter;
import dev.o3.proto.hdds.BlockLocation;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** The committer of a key's write: CommitKey on close, HsyncKey for the data written so far. */
final class SyncingCommitter implements KeyCommitter {
    private final KeyCommitter commit;
    private final BiConsumer<Long, List<BlockLocation>> sync;

    SyncingCommitter(KeyCommitter commit, BiConsumer<Long, List<BlockLocation>> sync) {
        this.commit = commit;
        this.sync = sync;
    }

    @Override
    public String commit(long size, List<BlockLocation> blocks, String md5Hex, Map<String, String> metadata) {
        return commit.commit(size, blocks, md5Hex, metadata);
    }

    @Override
    public void sync(long size, List<BlockLocation> blocks) {
        sync.accept(size, blocks);
    }
}
