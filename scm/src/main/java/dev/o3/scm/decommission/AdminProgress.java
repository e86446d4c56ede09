package dev.o3.scm.decommission;

import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.OperationalState;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How far one datanode being decommissioned or entering maintenance is, as of the admin monitor's last check (all
 * zero before the first).
 *
 * @param datanode the datanode
 * @param operational its operational state
 * @param startedAt when the request was made (or when SCM restarted and resumed it)
 * @param pipelinesWaitingToClose pipelines it was still in
 * @param sufficientlyReplicated containers safe without it
 * @param underReplicated closed containers lacking healthy replicas on IN_SERVICE datanodes
 * @param unclosed containers still OPEN or CLOSING
 * @param underReplicatedIds the first under-replicated container ids
 * @param unclosedIds the first unclosed container ids
 */
public record AdminProgress(
        DatanodeDescriptor datanode,
        OperationalState operational,
        Instant startedAt,
        int pipelinesWaitingToClose,
        int sufficientlyReplicated,
        int underReplicated,
        int unclosed,
        List<Long> underReplicatedIds,
        List<Long> unclosedIds) {
    public AdminProgress {
        Objects.requireNonNull(datanode, "datanode is null");
        Objects.requireNonNull(operational, "operational is null");
        Objects.requireNonNull(startedAt, "startedAt is null");
        underReplicatedIds = List.copyOf(underReplicatedIds);
        unclosedIds = List.copyOf(unclosedIds);
    }

    /** The same progress with another operational state (a maintenance end changed, or the next state). */
    AdminProgress withOperational(OperationalState next) {
        return new AdminProgress(
                datanode,
                next,
                startedAt,
                pipelinesWaitingToClose,
                sufficientlyReplicated,
                underReplicated,
                unclosed,
                underReplicatedIds,
                unclosedIds);
    }

    static AdminProgress starting(DatanodeDescriptor datanode, OperationalState operational, Instant startedAt) {
        return new AdminProgress(datanode, operational, startedAt, 0, 0, 0, 0, List.of(), List.of());
    }

    /** Whether the node may leave: no pipeline left, every container closed and safe elsewhere. */
    public boolean complete() {
        return pipelinesWaitingToClose == 0 && underReplicated == 0 && unclosed == 0;
    }
}
