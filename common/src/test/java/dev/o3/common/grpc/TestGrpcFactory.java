package dev.o3.common.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoResponse;
import dev.o3.proto.echo.EchoServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real servers on 127.0.0.1:0 and channels to them, both made by the factory. */
@Timeout(30)
class TestGrpcFactory {
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private final RecordingEcho echo = new RecordingEcho();
    private GrpcServer server;
    private ManagedChannel channel;

    @AfterEach
    void tearDown() throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void channelReachesServerWhoseCallsRunOnTheNamedPool() {
        server = start(GrpcConfig.defaults(), GrpcExecutor.fixedPool("test-echo", 2));
        channel = GrpcFactory.channel(new HostAndPort("127.0.0.1", server.port()), GrpcConfig.defaults());

        EchoResponse response = EchoServiceGrpc.newBlockingStub(channel).echo(request(10, 100));

        assertThat(response.getPayload().size()).isEqualTo(100);
        assertThat(echo.lastThread.get()).startsWith("test-echo-");
    }

    @Test
    void directExecutorRunsCallsOnTheTransportThread() {
        server = start(GrpcConfig.defaults(), GrpcExecutor.direct());
        channel = GrpcFactory.channel(new HostAndPort("127.0.0.1", server.port()), GrpcConfig.defaults());

        EchoServiceGrpc.newBlockingStub(channel).echo(request(1, 1));

        assertThat(echo.lastThread.get()).contains("worker-ELG");
    }

    @Test
    void messageSizeLimitHoldsOnBothSides() {
        GrpcConfig small = new GrpcConfig(
                DataSize.ofKibibytes(4), Duration.ofHours(2), Duration.ofSeconds(20), TransportSecurity.PLAINTEXT);
        server = start(small, GrpcExecutor.cachedPool("test-echo"));
        channel = GrpcFactory.channel(new HostAndPort("127.0.0.1", server.port()), small);
        EchoServiceGrpc.EchoServiceBlockingStub stub = EchoServiceGrpc.newBlockingStub(channel);

        assertThat(stub.echo(request(3000, 3000)).getPayload().size()).isEqualTo(3000);
        assertThatThrownBy(() -> stub.echo(request(8192, 1)))
                .isInstanceOfSatisfying(
                        StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        assertThatThrownBy(() -> stub.echo(request(1, 8192)))
                .isInstanceOfSatisfying(
                        StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
    }

    @Test
    void bindFailureNamesTheServerAndAddress() {
        server = start(GrpcConfig.defaults(), GrpcExecutor.direct());
        InetSocketAddress taken = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port());
        GrpcServer second = GrpcFactory.server(
                "second echo", taken, GrpcConfig.defaults(), GrpcExecutor.direct(), echo.bindService());

        try {
            assertThatThrownBy(second::start)
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("second echo")
                    .hasMessageContaining(String.valueOf(server.port()));
        } finally {
            second.close();
        }
    }

    @Test
    void closeReturnsOnlyOnceTheRunningCallsFinished() throws Exception {
        server = start(GrpcConfig.defaults(), GrpcExecutor.fixedPool("test-echo", 1));
        channel = GrpcFactory.channel(new HostAndPort("127.0.0.1", server.port()), GrpcConfig.defaults());
        echo.holdCalls = true;
        EchoServiceGrpc.newStub(channel).echo(request(1, 1), new NoResponse());
        assertThat(echo.entered.await(10, TimeUnit.SECONDS)).isTrue();
        ExecutorService closerPool = Executors.newSingleThreadExecutor();
        try {
            AtomicReference<Thread> closerThread = new AtomicReference<>();
            Future<?> closer = closerPool.submit(() -> {
                closerThread.set(Thread.currentThread());
                server.close();
            });

            awaitTimedWaiting(closerThread);
            assertThat(closer).isNotDone();
            echo.release.countDown();
            closer.get(10, TimeUnit.SECONDS);

            assertThat(echo.handlerDone.getCount()).isZero();
        } finally {
            closerPool.shutdownNow();
        }
    }

    /** Polls (10 s deadline) until the thread blocks in a timed wait, as close() does while the call runs. */
    private static void awaitTimedWaiting(AtomicReference<Thread> thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.get() == null || thread.get().getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("close() waiting for the call").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private GrpcServer start(GrpcConfig config, GrpcExecutor executor) {
        return GrpcFactory.server("test echo", ANY_PORT, config, executor, echo.bindService())
                .start();
    }

    private static EchoRequest request(int payload, int responseSize) {
        return EchoRequest.newBuilder()
                .setPayload(ByteString.copyFrom(new byte[payload]))
                .setResponseSize(responseSize)
                .build();
    }

    /** Echoes {@code response_size} bytes and records the thread it ran on; or holds each call until released. */
    private static final class RecordingEcho extends EchoServiceGrpc.EchoServiceImplBase {
        private final AtomicReference<String> lastThread = new AtomicReference<>();
        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private final CountDownLatch handlerDone = new CountDownLatch(1);
        private volatile boolean holdCalls;

        @Override
        public void echo(EchoRequest request, StreamObserver<EchoResponse> responses) {
            lastThread.set(Thread.currentThread().getName());
            if (holdCalls) {
                entered.countDown();
                awaitQuietly(release);
                handlerDone.countDown();
                return;
            }
            responses.onNext(EchoResponse.newBuilder()
                    .setPayload(ByteString.copyFrom(new byte[request.getResponseSize()]))
                    .build());
            responses.onCompleted();
        }

        private static void awaitQuietly(CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The held call is cancelled by close(); its outcome is not what the test checks. */
    private static final class NoResponse implements StreamObserver<EchoResponse> {
        @Override
        public void onNext(EchoResponse value) {}

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {}
    }
}
