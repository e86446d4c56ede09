package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.DatanodeDetails;
import org.junit.jupiter.api.Test;

/** Which block files the cache answers for: per datanode and block, of a high enough BCSID, the recent ones. */
class TestLocalBlockCache {
    private static final DatanodeDetails DN1 =
            DatanodeDetails.newBuilder().setUuid("dn1").build();
    private static final DatanodeDetails DN2 =
            DatanodeDetails.newBuilder().setUuid("dn2").build();

    private static BlockId block(long localId, long bcsid) {
        return BlockId.newBuilder()
                .setContainerId(7)
                .setLocalId(localId)
                .setBlockCommitSequenceId(bcsid)
                .build();
    }

    private static BlockData data(long localId, long bcsid) {
        return BlockData.newBuilder().setBlockId(block(localId, bcsid)).build();
    }

    @Test
    void answersForTheDatanodeThatNamedTheFileAndABcsidItHas() {
        LocalBlockCache cache = new LocalBlockCache(10);
        cache.put(DN1, data(1, 5), "/data/1.block");

        assertThat(cache.get(DN1, block(1, 5)))
                .map(LocalBlockCache.LocalBlock::path)
                .hasValue("/data/1.block");
        assertThat(cache.get(DN1, block(1, 3))).isPresent();
        assertThat(cache.get(DN1, block(1, 6)))
                .as("a newer commit than the file's")
                .isEmpty();
        assertThat(cache.get(DN2, block(1, 5))).as("another replica").isEmpty();
        assertThat(cache.get(DN1, block(2, 5))).isEmpty();

        cache.forget(DN1, block(1, 5));
        assertThat(cache.get(DN1, block(1, 5))).isEmpty();
    }

    @Test
    void keepsTheMostRecentlyUsedUpToItsCapacity() {
        LocalBlockCache cache = new LocalBlockCache(2);
        cache.put(DN1, data(1, 1), "/1");
        cache.put(DN1, data(2, 1), "/2");
        assertThat(cache.get(DN1, block(1, 1))).isPresent();
        cache.put(DN1, data(3, 1), "/3");

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get(DN1, block(1, 1))).as("used last").isPresent();
        assertThat(cache.get(DN1, block(2, 1))).as("least recently used").isEmpty();
        assertThat(cache.get(DN1, block(3, 1))).isPresent();
    }

    @Test
    void aCapacityOfZeroKeepsNothing() {
        LocalBlockCache cache = new LocalBlockCache(0);
        cache.put(DN1, data(1, 1), "/1");

        assertThat(cache.get(DN1, block(1, 1))).isEmpty();
        assertThat(cache.size()).isZero();
    }
}
