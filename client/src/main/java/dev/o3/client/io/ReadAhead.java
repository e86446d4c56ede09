package dev.o3.client.io;

import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The one GetBlock a stream sent before its first read asked for it ({@link KeyInputStream#readAhead}), until a read
 * takes it. Not thread-safe.
 */
final class ReadAhead {
    private Sent sent;

    /** Remembers a GetBlock sent for block {@code localId} at {@code inBlock} to {@code replica}. */
    void sent(long localId, DatanodeDetails replica, long inBlock, CompletableFuture<GetBlockResponse> response) {
        sent = new Sent(localId, replica.getUuid(), inBlock, response);
    }

    /**
     * The answer if the GetBlock sent is this one (waiting for it if need be), used once; null when none was sent for
     * it (one for another GetBlock is dropped).
     *
     * @throws IOException the GetBlock's failure: that replica failed this read, and is not asked again
     */
    GetBlockResponse take(long localId, DatanodeDetails replica, long inBlock) throws IOException {
        Sent taken = sent;
        sent = null;
        if (taken == null
                || taken.localId() != localId
                || !taken.replica().equals(replica.getUuid())
                || taken.inBlock() != inBlock) {
            return null;
        }
        try {
            return taken.response().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(
                    "read of block " + localId + " from " + replica.getUuid() + " interrupted");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException failure ? failure : new IOException(e.getCause());
        }
    }

    private record Sent(long localId, String replica, long inBlock, CompletableFuture<GetBlockResponse> response) {}
}
