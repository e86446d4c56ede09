package dev.o3.client.io;

import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.KeyInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The blocks of the key a stream reads, in key order; a block's replicas are replaced when OM names others after none
 * could be read (its containers move with re-replication and decommission). Not thread-safe.
 */
final class KeyBlocks {
    private static final Logger LOG = LoggerFactory.getLogger(KeyBlocks.class);

    private final String keyName;
    private final List<BlockLocation> blocks;
    private final KeyInputStream.LocationRefresher refresher;

    KeyBlocks(KeyInfo key, KeyInputStream.LocationRefresher refresher) {
        this.keyName = key.getName();
        this.blocks = new ArrayList<>(key.getBlocksList());
        this.refresher = refresher;
    }

    List<BlockLocation> all() {
        return List.copyOf(blocks);
    }

    /** The block holding the key's byte at {@code at}. */
    BlockLocation at(long at) throws IOException {
        for (BlockLocation block : blocks) {
            if (at >= block.getOffsetInKey() && at < block.getOffsetInKey() + block.getLength()) {
                return block;
            }
        }
        throw new IOException("key " + keyName + " has no block at offset " + at);
    }

    /**
     * The block with the replicas OM names for it now, if they differ from those tried; the stream reads from them
     * from then on. Empty when OM names no others, or the key was replaced meanwhile (its blocks are gone).
     */
    Optional<BlockLocation> refreshed(BlockLocation block) {
        KeyInfo current;
        try {
            current = refresher.refresh();
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}: asking OM for the current replicas failed: {}", keyName, e.toString());
            return Optional.empty();
        }
        Set<String> tried = uuids(block);
        for (BlockLocation candidate : current.getBlocksList()) {
            if (candidate.getBlockId().getContainerId() == block.getBlockId().getContainerId()
                    && candidate.getBlockId().getLocalId() == block.getBlockId().getLocalId()
                    && candidate.getOffsetInKey() == block.getOffsetInKey()
                    && !uuids(candidate).equals(tried)) {
                BlockLocation moved = block.toBuilder()
                        .setPipeline(candidate.getPipeline())
                        .setToken(candidate.getToken())
                        .build();
                blocks.set(blocks.indexOf(block), moved);
                LOG.info(
                        "{}: block {} is now read from {}",
                        keyName,
                        block.getBlockId().getLocalId(),
                        uuids(moved));
                return Optional.of(moved);
            }
        }
        return Optional.empty();
    }

    private static Set<String> uuids(BlockLocation block) {
        Set<String> uuids = new HashSet<>();
        block.getPipeline().getMembersList().forEach(member -> uuids.add(member.getUuid()));
        return uuids;
    }
}
