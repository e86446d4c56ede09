package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which blocks the cache keeps (whole small ones) and answers for (a BCSID and length it covers), within its bytes. */
class TestSmallBlockCache {
    private static BlockId id(long localId, long bcsid) {
        return BlockId.newBuilder()
                .setContainerId(7)
                .setLocalId(localId)
                .setBlockCommitSequenceId(bcsid)
                .build();
    }

    private static ChunkInfo chunk(long offset, int length) {
        return ChunkInfo.newBuilder().setOffset(offset).setLength(length).build();
    }

    private static BlockData block(long localId, long bcsid, ChunkInfo... chunks) {
        return BlockData.newBuilder()
                .setBlockId(id(localId, bcsid))
                .addAllChunks(List.of(chunks))
                .build();
    }

    private static BlockLocation location(long localId, long bcsid, long length) {
        return BlockLocation.newBuilder()
                .setBlockId(id(localId, bcsid))
                .setLength(length)
                .build();
    }

    private static ByteString bytes(int size) {
        return ByteString.copyFrom(new byte[size]);
    }

    @Test
    void answersForTheBlockAtABcsidAndLengthItCovers() {
        SmallBlockCache cache = new SmallBlockCache(1 << 20);
        cache.offer(block(1, 5, chunk(0, 100)), bytes(100));

        assertThat(cache.get(location(1, 5, 100)))
                .map(entry -> entry.data().size())
                .hasValue(100);
        assertThat(cache.get(location(1, 3, 50)))
                .as("an older commit, a shorter length")
                .isPresent();
        assertThat(cache.get(location(1, 6, 100))).as("a newer commit").isEmpty();
        assertThat(cache.get(location(1, 5, 101))).as("longer than kept").isEmpty();
        assertThat(cache.get(location(2, 5, 100))).isEmpty();

        cache.forget(id(1, 5));
        assertThat(cache.get(location(1, 5, 100))).isEmpty();
        assertThat(cache.bytes()).isZero();
    }

    @Test
    void keepsOnlyWholeBlocksOfOneSmallChunk() {
        SmallBlockCache cache = new SmallBlockCache(1 << 20);
        int max = SmallBlockBatcher.MAX_BLOCK_BYTES;
        cache.offer(block(1, 1, chunk(0, 10), chunk(10, 10)), bytes(10));
        cache.offer(block(2, 1, chunk(0, max + 1)), bytes(max + 1));
        cache.offer(block(3, 1, chunk(0, 10)), bytes(9));
        cache.offer(block(4, 1, chunk(0, max)), bytes(max));

        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.get(location(4, 1, max))).isPresent();
    }

    @Test
    void keepsTheMostRecentlyUsedWithinItsBytes() {
        SmallBlockCache cache = new SmallBlockCache(3 * 1500);
        for (long localId = 1; localId <= 3; localId++) {
            cache.offer(block(localId, 1, chunk(0, 1000)), bytes(1000));
        }
        assertThat(cache.get(location(1, 1, 1000))).isPresent();
        cache.offer(block(4, 1, chunk(0, 1000)), bytes(1000));

        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.bytes()).isLessThanOrEqualTo(3 * 1500);
        assertThat(cache.get(location(1, 1, 1000))).as("used last").isPresent();
        assertThat(cache.get(location(2, 1, 1000))).as("least recently used").isEmpty();
        assertThat(cache.get(location(4, 1, 1000))).isPresent();
    }

    @Test
    void aCapacityOfZeroKeepsNothingAndANegativeOneIsRefused() {
        SmallBlockCache cache = new SmallBlockCache(0);
        cache.offer(block(1, 1, chunk(0, 10)), bytes(10));

        assertThat(cache.get(location(1, 1, 10))).isEmpty();
        assertThat(cache.size()).isZero();
        assertThatThrownBy(() -> new SmallBlockCache(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
