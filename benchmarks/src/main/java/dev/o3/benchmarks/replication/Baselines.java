package dev.o3.benchmarks.replication;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** The limits a copy is compared with: reading the source files, writing the destination disk, the loopback. */
final class Baselines {
    private static final int BUFFER_BYTES = 4 << 20;

    private Baselines() {}

    /** Reads the files from the disk, past the page cache (O_DIRECT); returns the bytes read. */
    static long readDirect(List<Path> files) throws IOException {
        int alignment = (int) Files.getFileStore(files.get(0)).getBlockSize();
        ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES + alignment).alignedSlice(alignment);
        long total = 0;
        for (Path file : files) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                int read;
                while ((read = channel.read(buffer.clear().limit(BUFFER_BYTES))) > 0) {
                    total += read;
                }
            }
        }
        return total;
    }

    /** Reads the files once; returns the bytes read. */
    static long read(List<Path> files) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        long total = 0;
        for (Path file : files) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                int read;
                while ((read = channel.read(buffer.clear())) >= 0) {
                    total += read;
                }
            }
        }
        return total;
    }

    /** Writes files of the same sizes into the directory, syncing each, as an import does; returns the bytes. */
    static long write(List<Path> files, Path directory) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        long total = 0;
        Files.createDirectories(directory);
        for (Path file : files) {
            long size = Files.size(file);
            Path target = directory.resolve(file.getFileName());
            try (FileChannel channel =
                    FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (long position = 0; position < size; ) {
                    buffer.clear().limit((int) Math.min(BUFFER_BYTES, size - position));
                    position += channel.write(buffer, position);
                }
                channel.force(false);
            }
            total += size;
            Files.delete(target);
        }
        return total;
    }

    /**
     * Sends the files over a loopback TCP connection with sendfile to a reader that discards them: the ceiling of any
     * copy on this host. Returns the bytes received.
     */
    static long loopback(List<Path> files) throws IOException, InterruptedException, ExecutionException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> discard(server));
            try (SocketChannel socket = SocketChannel.open(server.getLocalAddress())) {
                for (Path file : files) {
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                        long size = channel.size();
                        for (long position = 0; position < size; ) {
                            position += channel.transferTo(position, size - position, socket);
                        }
                    }
                }
            }
            return received.get();
        }
    }

    private static long discard(ServerSocketChannel server) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
        long total = 0;
        try (SocketChannel socket = server.accept()) {
            int read;
            while ((read = socket.read(buffer.clear())) >= 0) {
                total += read;
            }
        } catch (IOException e) {
            throw new IllegalStateException("loopback reader failed", e);
        }
        return total;
    }
}
