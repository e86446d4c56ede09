package dev.o3.om.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.om.apply.AppliedBatch;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionReply;
import dev.o3.proto.om.SetKeyTagsRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestWriteBatcher {
    private static final int IN_FLIGHT = WriteBatcher.inFlightFor(3);

    /** Entries handed to the log, with the futures the test completes as Ratis would. */
    private final List<OmTransaction> logged = new ArrayList<>();

    private final List<CompletableFuture<Object>> outcomes = new ArrayList<>();
    private final WriteBatcher batcher = new WriteBatcher(
            entry -> {
                CompletableFuture<Object> outcome = new CompletableFuture<>();
                logged.add(entry);
                outcomes.add(outcome);
                return outcome;
            },
            IN_FLIGHT);

    @Test
    void anIdleOmLogsEachRequestAloneAndABusyOneLogsTheQueueAsOneEntry() {
        List<CompletableFuture<AppliedTransaction>> results = IntStream.range(0, IN_FLIGHT + 5)
                .mapToObj(i -> batcher.submit(delete("k" + i)))
                .toList();
        assertThat(logged)
                .as("the first requests go out alone, without waiting")
                .containsExactlyElementsOf(IntStream.range(0, IN_FLIGHT)
                        .mapToObj(i -> delete("k" + i))
                        .toList());

        outcomes.get(0).complete(applyEach(logged.get(0)));

        assertThat(results.get(0)).isCompletedWithValue(applied("k0"));
        assertThat(logged).hasSize(IN_FLIGHT + 1);
        assertThat(logged.get(IN_FLIGHT).getBatch().getTransactionsList())
                .as("everything that queued, in arrival order, as one entry")
                .containsExactlyElementsOf(IntStream.range(IN_FLIGHT, IN_FLIGHT + 5)
                        .mapToObj(i -> delete("k" + i))
                        .toList());

        for (int i = outcomes.size() - 1; i > 0; i--) {
            outcomes.get(i).complete(applyEach(logged.get(i)));
        }
        for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i)).as("request %d gets its own result", i).isCompletedWithValue(applied("k" + i));
        }
        assertThat(batcher.submit(delete("idle"))).isNotDone();
        assertThat(logged).as("idle again: no batch").last().isEqualTo(delete("idle"));
    }

    @Test
    void aFailedEntryFailsExactlyItsRequestsAndTheQueueStillGoesOut() {
        List<CompletableFuture<AppliedTransaction>> alone = fillInFlight();
        CompletableFuture<AppliedTransaction> queued = batcher.submit(delete("queued"));

        outcomes.get(0)
                .completeExceptionally(new NotLeaderException(OmStatus.NOT_LEADER, Optional.empty(), "stepped down"));

        assertThat(alone.get(0)).isCompletedExceptionally();
        assertThat(alone.subList(1, IN_FLIGHT))
                .allSatisfy(result -> assertThat(result).isNotDone());
        assertThat(queued).isNotDone();
        assertThat(logged).hasSize(IN_FLIGHT + 1).last().isEqualTo(delete("queued"));
        outcomes.get(IN_FLIGHT).complete(applyEach(logged.get(IN_FLIGHT)));
        assertThat(queued).isCompletedWithValue(applied("queued"));
    }

    @Test
    void anEntryStaysUnderTheByteBoundButABigRequestStillGoesOutAlone() {
        fillInFlight();
        int half = WriteBatcher.MAX_BYTES_PER_ENTRY / 2 + 1;
        assertThat(batcher.submit(tagged("big1", half))).isNotDone();
        assertThat(batcher.submit(tagged("big2", half))).isNotDone();
        assertThat(batcher.submit(tagged("huge", WriteBatcher.MAX_BYTES_PER_ENTRY * 2)))
                .isNotDone();

        outcomes.get(0).complete(applyEach(logged.get(0)));
        assertThat(logged.get(IN_FLIGHT))
                .as("two requests over half the bound each do not share an entry")
                .isEqualTo(tagged("big1", half));
        outcomes.get(1).complete(applyEach(logged.get(1)));
        assertThat(logged.get(IN_FLIGHT + 1)).isEqualTo(tagged("big2", half));
        outcomes.get(2).complete(applyEach(logged.get(2)));
        assertThat(logged.get(IN_FLIGHT + 2))
                .as("over the bound on its own")
                .isEqualTo(tagged("huge", WriteBatcher.MAX_BYTES_PER_ENTRY * 2));
    }

    @Test
    void aGroupGoesOutInOneEntryInOrderAloneOrWithTheQueueAndGetsItsOwnResults() {
        CompletableFuture<List<AppliedTransaction>> idle = batcher.submit(List.of(delete("create"), delete("commit")));
        assertThat(logged.get(0).getBatch().getTransactionsList())
                .as("an idle OM logs the group at once, as one entry")
                .containsExactly(delete("create"), delete("commit"));
        outcomes.get(0).complete(applyEach(logged.get(0)));
        assertThat(idle).isCompletedWithValue(List.of(applied("create"), applied("commit")));

        List<CompletableFuture<AppliedTransaction>> alone = IntStream.range(0, IN_FLIGHT)
                .mapToObj(i -> batcher.submit(delete("alone" + i)))
                .toList();
        assertThat(alone).noneMatch(CompletableFuture::isDone);
        assertThat(logged).hasSize(1 + IN_FLIGHT);
        CompletableFuture<AppliedTransaction> before = batcher.submit(delete("before"));
        CompletableFuture<List<AppliedTransaction>> group = batcher.submit(List.of(delete("c2"), delete("k2")));
        CompletableFuture<AppliedTransaction> after = batcher.submit(delete("after"));
        outcomes.get(1).complete(applyEach(logged.get(1)));

        assertThat(logged.get(IN_FLIGHT + 1).getBatch().getTransactionsList())
                .containsExactly(delete("before"), delete("c2"), delete("k2"), delete("after"));
        outcomes.get(IN_FLIGHT + 1).complete(applyEach(logged.get(IN_FLIGHT + 1)));
        assertThat(before).isCompletedWithValue(applied("before"));
        assertThat(group).isCompletedWithValue(List.of(applied("c2"), applied("k2")));
        assertThat(after).isCompletedWithValue(applied("after"));
    }

    @Test
    void aReplyThatDoesNotMatchItsEntryFailsItsRequestsInsteadOfMisroutingResults() {
        fillInFlight();
        CompletableFuture<AppliedTransaction> third = batcher.submit(delete("c"));
        CompletableFuture<AppliedTransaction> fourth = batcher.submit(delete("d"));
        outcomes.get(0).complete(applyEach(logged.get(0)));
        assertThat(logged.get(IN_FLIGHT).getBatch().getTransactionsCount()).isEqualTo(2);

        outcomes.get(IN_FLIGHT).complete(new AppliedBatch(List.of(applied("c"))));

        assertThat(third).isCompletedExceptionally();
        assertThat(fourth).isCompletedExceptionally();
    }

    /** As many requests as may be in flight, each logged alone at once. */
    private List<CompletableFuture<AppliedTransaction>> fillInFlight() {
        List<CompletableFuture<AppliedTransaction>> results = IntStream.range(0, IN_FLIGHT)
                .mapToObj(i -> batcher.submit(delete("alone" + i)))
                .toList();
        assertThat(logged).hasSize(IN_FLIGHT);
        return results;
    }

    private static OmTransaction delete(String name) {
        return OmTransaction.newBuilder()
                .setDeleteKey(DeleteKeyRequest.newBuilder().setName(name))
                .build();
    }

    private static OmTransaction tagged(String name, int bytes) {
        return OmTransaction.newBuilder()
                .setSetKeyTags(SetKeyTagsRequest.newBuilder()
                        .setName(name)
                        .addTags(KeyValue.newBuilder().setKey("t").setValue("x".repeat(bytes))))
                .build();
    }

    /** What the state machine answers: one result per request, named after the key it deleted. */
    private static Object applyEach(OmTransaction entry) {
        if (!entry.hasBatch()) {
            return applied(entry.getDeleteKey().getName());
        }
        return new AppliedBatch(entry.getBatch().getTransactionsList().stream()
                .map(transaction -> applied(transaction.getDeleteKey().getName()))
                .toList());
    }

    private static AppliedTransaction applied(String name) {
        return AppliedTransaction.succeeded(OmTransactionReply.newBuilder()
                .setResponse(ByteString.copyFromUtf8(name))
                .build());
    }
}
