package dev.o3.scm.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestBackgroundPipelineCreator {
    @Test
    void triggerRunsARoundOnTheBackgroundThread() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        AtomicInteger rounds = new AtomicInteger();
        try (BackgroundPipelineCreator creator = new BackgroundPipelineCreator(
                "scm-test",
                () -> {
                    rounds.incrementAndGet();
                    assertThat(Thread.currentThread().getName()).startsWith("scm-test-pipeline-creator");
                    ran.countDown();
                },
                Duration.ofHours(1))) {
            creator.start();
            creator.trigger();

            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(rounds.get()).isEqualTo(1);
    }

    @Test
    void failedRoundDoesNotStopLaterRoundsAndTriggerAfterCloseIsIgnored() throws InterruptedException {
        CountDownLatch second = new CountDownLatch(2);
        BackgroundPipelineCreator creator = new BackgroundPipelineCreator(
                "scm-test",
                () -> {
                    second.countDown();
                    throw new IllegalStateException("round failed");
                },
                Duration.ofHours(1));
        creator.start();
        creator.trigger();
        while (second.getCount() == 2) {
            Thread.onSpinWait();
        }
        creator.trigger();
        assertThat(second.await(10, TimeUnit.SECONDS)).isTrue();

        creator.close();
        creator.trigger();
    }
}
