package dev.o3.scm.pipeline;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A RATIS/THREE pipeline: a Ratis group of three datanodes.
 *
 * @param id the Ratis group id (a UUID)
 * @param memberIds datanode uuids, in the order SCM placed them
 * @param suggestedLeaderId the member with the highest Ratis priority
 * @param state lifecycle state
 * @param reportedLeaderId the member that last reported itself leader, if any
 * @param reportedMembers members that have reported the group (all three open the pipeline)
 * @param creationMillis creation time, epoch milliseconds
 */
public record Pipeline(
        String id,
        List<String> memberIds,
        String suggestedLeaderId,
        PipelineState state,
        Optional<String> reportedLeaderId,
        Set<String> reportedMembers,
        long creationMillis) {
    /** Ratis priority of the suggested leader; the others get 0. */
    public static final int LEADER_PRIORITY = 1;

    public Pipeline {
        Objects.requireNonNull(id, "id is null");
        memberIds = List.copyOf(memberIds);
        Objects.requireNonNull(suggestedLeaderId, "suggestedLeaderId is null");
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(reportedLeaderId, "reportedLeaderId is null");
        reportedMembers = Set.copyOf(reportedMembers);
    }

    /** A new pipeline in state ALLOCATED. */
    public static Pipeline allocated(String id, List<String> memberIds, String suggestedLeaderId, long nowMillis) {
        return new Pipeline(
                id, memberIds, suggestedLeaderId, PipelineState.ALLOCATED, Optional.empty(), Set.of(), nowMillis);
    }

    public Pipeline withState(PipelineState newState) {
        return new Pipeline(
                id, memberIds, suggestedLeaderId, newState, reportedLeaderId, reportedMembers, creationMillis);
    }

    /** This pipeline after {@code member} reported it ({@code leader}: as its Raft leader). */
    public Pipeline withReport(String member, boolean leader) {
        Set<String> reported = new HashSet<>(reportedMembers);
        reported.add(member);
        Optional<String> newLeader = leader ? Optional.of(member) : reportedLeaderId;
        return new Pipeline(id, memberIds, suggestedLeaderId, state, newLeader, reported, creationMillis);
    }

    /** The Ratis priority of each member, in member order. */
    public List<Integer> priorities() {
        return memberIds.stream()
                .map(member -> member.equals(suggestedLeaderId) ? LEADER_PRIORITY : 0)
                .toList();
    }

    /** The reported leader, else the suggested one. */
    public String leaderId() {
        return reportedLeaderId.orElse(suggestedLeaderId);
    }

    public boolean isOpen() {
        return state == PipelineState.OPEN;
    }

    public boolean isClosed() {
        return state == PipelineState.CLOSED;
    }

    public boolean allMembersReported() {
        return reportedMembers.containsAll(memberIds);
    }
}
