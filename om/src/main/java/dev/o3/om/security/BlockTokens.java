package dev.o3.om.security;

import dev.o3.common.security.BlockTokenSigner;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.KeyInfo;
import java.util.Optional;

/**
 * Adds block tokens to the block locations OM hands out (never to what it stores: tokens expire). Without a signer
 * (security off) locations pass through unchanged. Thread-safe.
 */
public final class BlockTokens {
    private final Optional<BlockTokenSigner> signer;

    public BlockTokens(Optional<BlockTokenSigner> signer) {
        this.signer = signer;
    }

    /** The key with a token on each block. */
    public KeyInfo withTokens(KeyInfo key, BlockTokenSigner.Mode mode, String owner) {
        if (signer.isEmpty() || key.getBlocksCount() == 0) {
            return key;
        }
        KeyInfo.Builder signed = key.toBuilder().clearBlocks();
        for (BlockLocation block : key.getBlocksList()) {
            signed.addBlocks(withToken(block, mode, owner));
        }
        return signed.build();
    }

    /** The block with a token. */
    public BlockLocation withToken(BlockLocation block, BlockTokenSigner.Mode mode, String owner) {
        return signer.map(sign -> block.toBuilder()
                        .setToken(sign.sign(block.getBlockId(), mode, owner))
                        .build())
                .orElse(block);
    }
}
