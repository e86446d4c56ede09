package dev.o3.om.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class TestReadIndexBatcher {
    private final List<CompletableFuture<Object>> requests = new ArrayList<>();
    private final ReadIndexBatcher batcher = new ReadIndexBatcher(() -> {
        CompletableFuture<Object> request = new CompletableFuture<>();
        requests.add(request);
        return request;
    });

    @Test
    void aReadNeverUsesARequestSentBeforeItArrived() {
        CompletableFuture<Void> first = batcher.await();
        CompletableFuture<Void> second = batcher.await();
        CompletableFuture<Void> third = batcher.await();
        assertThat(requests)
                .as("the later reads wait, they do not join the request already out")
                .hasSize(1);

        requests.get(0).complete(null);

        assertThat(first).isCompleted();
        assertThat(second).isNotDone();
        assertThat(third).isNotDone();
        assertThat(requests).as("one request for both reads that waited").hasSize(2);
        requests.get(1).complete(null);
        assertThat(second).isCompleted();
        assertThat(third).isCompleted();
    }

    @Test
    void requestsThatCompleteAtOnceServeEachReadAlone() {
        ReadIndexBatcher immediate = new ReadIndexBatcher(() -> CompletableFuture.completedFuture(null));

        assertThat(immediate.await()).isCompleted();
        assertThat(immediate.await()).isCompleted();
    }

    @Test
    void aFailedRequestFailsItsReadsAndTheNextBatchStillGoesOut() {
        CompletableFuture<Void> first = batcher.await();
        CompletableFuture<Void> second = batcher.await();

        requests.get(0)
                .completeExceptionally(new NotLeaderException(
                        dev.o3.proto.om.OmStatus.NOT_LEADER, java.util.Optional.empty(), "stepped down"));

        assertThat(first).isCompletedExceptionally();
        assertThat(requests).hasSize(2);
        requests.get(1).complete(null);
        assertThat(second).isCompleted();
        assertThat(batcher.await()).as("idle again").isNotDone();
        assertThat(requests).hasSize(3);
    }
}
