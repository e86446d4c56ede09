package dev.o3.freon.ratis;

import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;

/** Applies nothing: every committed entry only advances the applied index. Thread-safe (Ratis' applier calls it). */
final class NoOpStateMachine extends BaseStateMachine {
    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext context) {
        LogEntryProto entry = context.getLogEntry();
        updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        return CompletableFuture.completedFuture(Message.EMPTY);
    }
}
