package dev.o3.datanode.security;

import dev.o3.common.security.BlockTokenException;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.container.ContainerCommandRequest;
import java.util.Optional;

/**
 * Decides whether a client's container command may run: with security on, every block read needs that block's READ
 * token and every block write its WRITE token. CloseContainer (sent by datanodes on SCM's order) and ListBlock (block
 * metadata, no data) are container-scoped and carry no block token. CreateContainer and DeleteBlock are never sent by
 * clients (containers appear on first write, deletes come from SCM through heartbeats), so they are refused. Without
 * security everything passes. Thread-safe.
 */
public final class BlockAccess {
    private final Optional<BlockTokenSigner> tokens;

    /** Checks tokens with {@code tokens}; empty: security is off and every command passes. */
    public BlockAccess(Optional<BlockTokenSigner> tokens) {
        this.tokens = tokens;
    }

    /**
     * Checks {@code request}'s block token against what the command does.
     *
     * @throws BlockTokenException when the command may not run
     */
    public void check(ContainerCommandRequest request) throws BlockTokenException {
        if (tokens.isEmpty()) {
            return;
        }
        BlockTokenSigner signer = tokens.get();
        switch (request.getCommandCase()) {
            case WRITE_CHUNK -> signer.check(
                    request.getBlockToken(), request.getWriteChunk().getBlockId(), Mode.WRITE);
            case PUT_BLOCK -> signer.check(
                    request.getBlockToken(), request.getPutBlock().getBlock().getBlockId(), Mode.WRITE);
            case READ_CHUNK -> signer.check(
                    request.getBlockToken(), request.getReadChunk().getBlockId(), Mode.READ);
            case GET_BLOCK -> signer.check(
                    request.getBlockToken(), request.getGetBlock().getBlockId(), Mode.READ);
            case CLOSE_CONTAINER, LIST_BLOCK -> {
                // container-scoped: no block to hold a token for
            }
            default -> throw new BlockTokenException(
                    request.getCommandCase() + " is not accepted from clients when security is enabled");
        }
    }
}
