package dev.o3.datanode.ratis;

import java.util.Objects;

/**
 * A pipeline (Raft group) as this datanode reports it to SCM.
 *
 * @param pipelineId the group's UUID
 * @param leader whether this datanode leads the group
 * @param term current Raft term
 * @param ratisDir Ratis dir holding the group's log
 * @param logFailed whether a Raft log write failed on that dir
 */
public record PipelineStatus(String pipelineId, boolean leader, long term, String ratisDir, boolean logFailed) {
    public PipelineStatus {
        Objects.requireNonNull(pipelineId, "pipelineId is null");
        Objects.requireNonNull(ratisDir, "ratisDir is null");
    }
}
