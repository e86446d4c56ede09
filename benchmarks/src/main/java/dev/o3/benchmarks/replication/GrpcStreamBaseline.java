package dev.o3.benchmarks.replication;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC baseline: the destination asks for each block file and the source streams it in 1 MiB messages (the size
 * Apache Ozone's gRPC replication uses), paced by gRPC's flow control ({@code isReady}); the destination writes the
 * file and syncs it, as an import does, without checksum checks.
 */
final class GrpcStreamBaseline {
    private static final int MESSAGE_BYTES = 1 << 20;
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static final MethodDescriptor<byte[], byte[]> STREAM_FILE = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.SERVER_STREAMING)
            .setFullMethodName("benchmark.Files/Stream")
            .setRequestMarshaller(BYTES)
            .setResponseMarshaller(BYTES)
            .build();

    private GrpcStreamBaseline() {}

    /** Copies the files into the directory over gRPC; returns the bytes written. */
    static long copy(List<Path> files, Path directory) throws IOException, InterruptedException {
        Files.createDirectories(directory);
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .addService(ServerServiceDefinition.builder("benchmark.Files")
                        .addMethod(
                                STREAM_FILE,
                                ServerCalls.asyncServerStreamingCall((request, observer) -> stream(
                                        files.get(ByteBuffer.wrap(request).getInt()), observer)))
                        .build())
                .build()
                .start();
        ManagedChannel channel = NettyChannelBuilder.forAddress(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getPort()))
                .usePlaintext()
                .maxInboundMessageSize(2 * MESSAGE_BYTES)
                .build();
        long total = 0;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path target = directory.resolve(files.get(i).getFileName());
                Iterator<byte[]> messages = ClientCalls.blockingServerStreamingCall(
                        channel,
                        STREAM_FILE,
                        CallOptions.DEFAULT,
                        ByteBuffer.allocate(Integer.BYTES).putInt(i).array());
                try (FileChannel out =
                        FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    while (messages.hasNext()) {
                        ByteBuffer data = ByteBuffer.wrap(messages.next());
                        while (data.hasRemaining()) {
                            total += out.write(data);
                        }
                    }
                    out.force(false);
                }
                Files.delete(target);
            }
        } finally {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
        return total;
    }

    /** Sends the file while the call is ready, resuming when gRPC says it is ready again. */
    private static void stream(Path file, StreamObserver<byte[]> observer) {
        ServerCallStreamObserver<byte[]> call = (ServerCallStreamObserver<byte[]>) observer;
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            call.onError(e);
            return;
        }
        Runnable drain = new Runnable() {
            private boolean done;

            @Override
            public void run() {
                try {
                    while (!done && call.isReady()) {
                        ByteBuffer buffer = ByteBuffer.allocate(MESSAGE_BYTES);
                        if (channel.read(buffer) < 0) {
                            done = true;
                            channel.close();
                            call.onCompleted();
                            return;
                        }
                        call.onNext(
                                buffer.flip().remaining() == MESSAGE_BYTES
                                        ? buffer.array()
                                        : java.util.Arrays.copyOf(buffer.array(), buffer.remaining()));
                    }
                } catch (IOException e) {
                    done = true;
                    call.onError(e);
                }
            }
        };
        call.setOnReadyHandler(drain);
        drain.run();
    }
}
