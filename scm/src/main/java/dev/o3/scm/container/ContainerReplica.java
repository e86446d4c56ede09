package dev.o3.scm.container;

import java.util.Objects;

/**
 * A replica of a container as its datanode last reported it.
 *
 * @param datanodeUuid the datanode holding it
 * @param state replica state
 * @param bcsid block commit sequence id (higher = more of the Ratis log applied)
 * @param usedBytes bytes stored
 * @param keyCount blocks stored
 */
public record ContainerReplica(String datanodeUuid, ContainerState state, long bcsid, long usedBytes, long keyCount) {
    public ContainerReplica {
        Objects.requireNonNull(datanodeUuid, "datanodeUuid is null");
        Objects.requireNonNull(state, "state is null");
    }
}
