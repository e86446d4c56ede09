package dev.o3.freon.generator;

import com.google.protobuf.ByteString;
import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.echo.EchoService;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoResponse;
import dev.o3.proto.echo.EchoServiceGrpc;
import dev.o3.proto.echo.EchoServiceGrpc.EchoServiceStub;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code om-echo}: the bare gRPC round trip to the OM's {@code EchoService} (same port and event loops as its client
 * protocol, no OM work), over a channel set up like the OM client's: the ceiling omkr is compared against. With
 * {@code --embedded} the echo is served by this process instead, on the transport thread ({@code direct}) or on a
 * cached thread pool like gRPC's default executor ({@code default}), which shows what a thread hand-off per call
 * costs. With {@code --stream} every echo is a message on one stream, the ceiling for lookups on the OM's {@code
 * Calls} stream.
 */
@Command(
        name = "om-echo",
        mixinStandardHelpOptions = true,
        description = "Echo round trips to the OM (or an embedded echo server): the transport's own cost.")
public final class OmEcho extends Generator {
    private static final Metadata.Key<String> USER_KEY = Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER);
    private static final long DEADLINE_SECONDS = 60;

    @Option(
            names = "--embedded",
            paramLabel = "EXECUTOR",
            description = "Serve the echo in this process instead of the OM: 'direct' (on the transport thread) or"
                    + " 'default' (a cached thread pool, like gRPC's default executor).")
    private String embedded;

    @Option(
            names = "--payload",
            defaultValue = "20",
            description = "Request payload bytes; 20 makes it as long as omkr's LookupKey (default: ${DEFAULT-VALUE}).")
    private int payload;

    @Option(
            names = "--response-size",
            defaultValue = "80",
            description = "Response payload bytes; 80 makes it as long as the LookupKey answer for an omkg key"
                    + " (default: ${DEFAULT-VALUE}).")
    private int responseSize;

    @Option(
            names = "--stream",
            description = "Send every echo on one stream (EchoStream), as the OM client sends its lookups on the OM's"
                    + " Calls stream, instead of one unary call each.")
    private boolean stream;

    private EchoRequest request;

    @Override
    void validate() {
        if (embedded != null && !embedded.equals("direct") && !embedded.equals("default")) {
            throw new IllegalArgumentException("--embedded must be 'direct' or 'default', not '" + embedded + "'");
        }
        if (payload < 0 || responseSize < 0 || responseSize > EchoService.MAX_RESPONSE_SIZE) {
            throw new IllegalArgumentException("--payload must be >= 0 and --response-size in 0.."
                    + EchoService.MAX_RESPONSE_SIZE + ": " + payload + ", " + responseSize);
        }
        request = EchoRequest.newBuilder()
                .setPayload(ByteString.copyFrom(new byte[payload]))
                .setResponseSize(responseSize)
                .build();
    }

    @Override
    boolean hasAsyncMode() {
        return true;
    }

    @Override
    Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) throws IOException {
        ManagedChannel channel = channel(conf, resources);
        if (stream) {
            EchoStreamClient echoes = new EchoStreamClient(EchoServiceGrpc.newStub(channel), request);
            resources.add(0, echoes);
            return index -> echoes.echo().join();
        }
        EchoServiceGrpc.EchoServiceBlockingStub stub =
                EchoServiceGrpc.newBlockingStub(channel).withInterceptors(userHeader());
        return index -> stub.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                .echo(request)
                .getPayload()
                .size();
    }

    @Override
    AsyncOperation prepareAsync(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources)
            throws IOException {
        if (stream) {
            EchoStreamClient echoes = new EchoStreamClient(EchoServiceGrpc.newStub(channel(conf, resources)), request);
            resources.add(0, echoes);
            return index -> echoes.echo();
        }
        // Callbacks on the transport thread, as the OM client's asynchronous calls.
        EchoServiceStub stub = EchoServiceGrpc.newStub(channel(conf, resources))
                .withInterceptors(userHeader())
                .withExecutor(Runnable::run);
        return index -> {
            CompletableFuture<Long> done = new CompletableFuture<>();
            stub.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS).echo(request, new StreamObserver<>() {
                @Override
                public void onNext(EchoResponse response) {
                    done.complete((long) response.getPayload().size());
                }

                @Override
                public void onError(Throwable failure) {
                    done.completeExceptionally(failure);
                }

                @Override
                public void onCompleted() {
                    // The response completed the future.
                }
            });
            return done;
        };
    }

    private ManagedChannel channel(OzoneConfiguration conf, List<AutoCloseable> resources) {
        GrpcConfig grpc = GrpcConfig.from(conf);
        if (embedded != null) {
            // The embedded server has no certificate: it measures the transport without TLS.
            grpc = grpc.withSecurity(TransportSecurity.PLAINTEXT);
        }
        HostAndPort target = embedded == null ? omAddress(conf) : serve(grpc, resources);
        // Set up as the OM client's channel (OmClient), so both pay the same client-side cost.
        ManagedChannel channel =
                GrpcFactory.channelBuilder(target, grpc).disableRetry().build();
        resources.add(0, () -> {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        });
        return channel;
    }

    private HostAndPort serve(GrpcConfig grpc, List<AutoCloseable> resources) {
        GrpcServer server = GrpcFactory.server(
                        "embedded echo",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        grpc,
                        embedded.equals("direct") ? GrpcExecutor.direct() : GrpcExecutor.cachedPool("om-echo"),
                        new EchoService().bindService())
                .start();
        resources.add(server);
        return new HostAndPort("127.0.0.1", server.port());
    }

    private static HostAndPort omAddress(OzoneConfiguration conf) {
        List<String> addresses = conf.get(CommonConfigKeys.OM_ADDRESS);
        return HostAndPort.parse(addresses.get(0), CommonConfigKeys.OM_PORT);
    }

    private ClientInterceptor userHeader() {
        Metadata headers = new Metadata();
        headers.put(USER_KEY, user());
        return MetadataUtils.newAttachHeadersInterceptor(headers);
    }
}
