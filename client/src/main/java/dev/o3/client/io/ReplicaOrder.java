package dev.o3.client.io;

import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The order one reader tries a block's replicas in: {@link #readOrder}, with the replicas that failed earlier for this
 * reader moved last, so a datanode that died or hangs costs it one timeout, not one per block; then those it reads
 * short-circuit first. Stable otherwise. Not thread-safe.
 */
public final class ReplicaOrder {
    private final ShortCircuitReads shortCircuit;
    private final Set<String> failed = new HashSet<>();

    ReplicaOrder(ShortCircuitReads shortCircuit) {
        this.shortCircuit = shortCircuit;
    }

    /**
     * The block's replicas in the order a new reader tries them, starting at one picked by the block id: readers of
     * many blocks spread over every replica instead of all queueing at the pipeline's first member.
     */
    public static List<DatanodeDetails> readOrder(BlockLocation block) {
        List<DatanodeDetails> members = block.getPipeline().getMembersList();
        if (members.size() < 2) {
            return members;
        }
        int first = Math.floorMod(Long.hashCode(block.getBlockId().getLocalId()), members.size());
        List<DatanodeDetails> ordered = new ArrayList<>(members.subList(first, members.size()));
        ordered.addAll(members.subList(0, first));
        return ordered;
    }

    /** The block's replicas in the order this reader tries them. */
    List<DatanodeDetails> of(BlockLocation block) {
        List<DatanodeDetails> ordered = new ArrayList<>(readOrder(block));
        ordered.sort(Comparator.comparing((DatanodeDetails member) -> failed.contains(member.getUuid()))
                .thenComparing(member -> !shortCircuit.wanted(member)));
        return ordered;
    }

    /** A read from {@code replica} failed: it is tried last from now on. */
    void failed(DatanodeDetails replica) {
        failed.add(replica.getUuid());
    }
}
