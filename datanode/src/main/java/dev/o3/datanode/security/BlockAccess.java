package dev.o3.datanode.security;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenException;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.common.security.ContainerTokenSigner;
import dev.o3.proto.container.ContainerCommandRequest;
import java.util.Optional;

/**
 * Decides whether a client's container command may run: with security on, every block read needs that block's READ
 * token and every block write its WRITE token. The container-scoped commands, CloseContainer (sent by datanodes on
 * SCM's order) and ListBlock, need a container token for their container, signed with the same keys (SCM hands them
 * to administrators; a datanode mints its own for the closes SCM orders, as it holds the keys anyway). CreateContainer
 * and DeleteBlock are never sent by clients (containers appear on first write, deletes come from SCM through
 * heartbeats), so they are refused. Without security everything passes. Thread-safe.
 */
public final class BlockAccess {
    private final Optional<BlockTokenSigner> tokens;
    private final Optional<ContainerTokenSigner> containerTokens;

    /** Checks tokens with {@code tokens} and container tokens with its keys; empty: every command passes. */
    public BlockAccess(Optional<BlockTokenSigner> tokens) {
        this.tokens = tokens;
        this.containerTokens = tokens.map(BlockTokenSigner::containerTokens);
    }

    /** Whether {@code request} is checked against a container token rather than a block token. */
    public static boolean containerScoped(ContainerCommandRequest request) {
        return switch (request.getCommandCase()) {
            case CLOSE_CONTAINER, LIST_BLOCK -> true;
            default -> false;
        };
    }

    /**
     * A container token this datanode signs for itself ({@code owner}) to close {@code containerId} on SCM's order;
     * empty when security is off.
     *
     * @throws IllegalStateException when no key is active yet
     */
    public ByteString containerToken(long containerId, String owner) {
        return containerTokens.map(signer -> signer.sign(containerId, owner)).orElse(ByteString.EMPTY);
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
            case CLOSE_CONTAINER, LIST_BLOCK -> containerTokens
                    .orElseThrow()
                    .check(request.getContainerToken(), request.getContainerId());
            case WRITE_BATCH -> {
                for (ContainerCommandRequest command : request.getWriteBatch().getCommandsList()) {
                    check(command);
                }
            }
            default -> throw new BlockTokenException(
                    request.getCommandCase() + " is not accepted from clients when security is enabled");
        }
    }
}
