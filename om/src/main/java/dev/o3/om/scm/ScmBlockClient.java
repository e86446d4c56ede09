package dev.o3.om.scm;

import dev.o3.common.config.HostAndPort;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.scm.AllocateBlockRequest;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.DeleteKeyBlocksRequest;
import dev.o3.proto.scm.ExcludeList;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * OM's client of SCM's block service over one persistent gRPC channel: allocates blocks for keys and hands deleted
 * keys' blocks to SCM's deleted-block log. Calls block up to the configured deadline. Thread-safe; close it to
 * release the channel.
 */
public final class ScmBlockClient implements AutoCloseable {
    private final HostAndPort address;
    private final ManagedChannel channel;
    private final Duration timeout;

    public ScmBlockClient(HostAndPort address, Duration timeout) {
        this.address = address;
        this.timeout = timeout;
        this.channel = NettyChannelBuilder.forAddress(address.host(), address.port())
                .usePlaintext()
                .build();
    }

    /**
     * Allocates {@code count} blocks of {@code blockSize} bytes.
     *
     * @throws ScmUnavailableException when SCM cannot be reached or refuses
     */
    public List<AllocatedBlock> allocate(
            long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude) {
        try {
            return stub().allocateBlock(AllocateBlockRequest.newBuilder()
                            .setSize(blockSize)
                            .setCount(count)
                            .setReplication(replication)
                            .setOwner(owner)
                            .setExclude(exclude)
                            .build())
                    .getBlocksList();
        } catch (StatusRuntimeException e) {
            throw new ScmUnavailableException("block allocation at SCM " + address + " failed: " + e.getStatus(), e);
        }
    }

    /**
     * Hands a deleted key's blocks to SCM, which deletes them on the datanodes.
     *
     * @throws ScmUnavailableException when SCM cannot be reached or refuses
     */
    public void deleteBlocks(String keyName, List<BlockId> blocks) {
        try {
            var unused = stub().deleteKeyBlocks(DeleteKeyBlocksRequest.newBuilder()
                    .setKeyName(keyName)
                    .addAllBlocks(blocks)
                    .build());
        } catch (StatusRuntimeException e) {
            throw new ScmUnavailableException("block deletion at SCM " + address + " failed: " + e.getStatus(), e);
        }
    }

    private ScmBlockServiceGrpc.ScmBlockServiceBlockingStub stub() {
        return ScmBlockServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
