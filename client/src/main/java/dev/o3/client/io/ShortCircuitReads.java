package dev.o3.client.io;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Short-circuit reads: a client on the same host as a datanode reads the chunks of a block straight from the block
 * file the datanode names in its GetBlock answer, instead of receiving them through the read service. It saves the
 * datanode's send, the transport and the copies of both sides: the bytes go from the page cache to the reader.
 *
 * <p>The datanode still checks the block token and the block's BCSID before it names the file; the reader checks
 * every chunk against its CRC32Cs as for any read. A datanode whose files this process may not open (the OS refuses
 * access) is not asked again. Thread-safe; shared by the streams of one client.
 */
final class ShortCircuitReads {
    private static final Logger LOG = LoggerFactory.getLogger(ShortCircuitReads.class);

    /**
     * Buffers kept for reuse: sixteen 4 MiB chunks (the default chunk size), or a sixteenth of the heap in a small
     * JVM, whose direct memory is limited to the heap's size by default.
     */
    private static final long IDLE_BUFFER_BYTES_MAX =
            Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16);

    private final boolean enabled;
    private final Map<String, Boolean> localAddresses = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final DirectBufferPool buffers = new DirectBufferPool(IDLE_BUFFER_BYTES_MAX);
    private final LocalBlockCache knownBlocks;

    /**
     * @param enabled ozone.client.read.short-circuit
     * @param knownBlocksMax ozone.client.read.short-circuit.cache.blocks
     */
    ShortCircuitReads(boolean enabled, int knownBlocksMax) {
        this.enabled = enabled;
        this.knownBlocks = new LocalBlockCache(enabled ? knownBlocksMax : 0);
    }

    /** Whether to ask {@code datanode} for its block files: enabled, on this host, and its files were readable. */
    boolean wanted(DatanodeDetails datanode) {
        return enabled
                && !refused.contains(datanode.getUuid())
                && localAddresses.computeIfAbsent(datanode.getIpAddress(), ShortCircuitReads::isLocal);
    }

    /**
     * Reads {@code chunk} (unverified) from the block file {@code datanode} named into a pooled direct buffer, which
     * the caller gives back by closing the result once it holds no view of its bytes.
     *
     * @throws IOException when the file cannot be opened or holds less than the chunk
     */
    LocalChunk read(DatanodeDetails datanode, String blockFile, ChunkInfo chunk) throws IOException {
        ByteBuffer data = buffers.take(Math.toIntExact(chunk.getLength()));
        try (FileChannel file = FileChannel.open(Path.of(blockFile), StandardOpenOption.READ)) {
            while (data.hasRemaining()) {
                if (file.read(data, chunk.getOffset() + data.position()) < 0) {
                    throw new EOFException(blockFile + " ends before chunk " + chunk.getChunkName() + " does");
                }
            }
        } catch (IOException e) {
            buffers.give(data);
            if (e instanceof AccessDeniedException && refused.add(datanode.getUuid())) {
                LOG.warn(
                        "short-circuit reads from datanode {} are off for this client: {} is not readable by it",
                        datanode.getUuid(),
                        blockFile);
            }
            throw e;
        }
        return new LocalChunk(data.flip(), buffers);
    }

    /** The block files already named to this client, so a block read again needs no GetBlock. */
    LocalBlockCache knownBlocks() {
        return knownBlocks;
    }

    /** The pool the reads' buffers come from. */
    DirectBufferPool buffers() {
        return buffers;
    }

    private static boolean isLocal(String ipAddress) {
        try {
            InetAddress address = InetAddress.getByName(ipAddress);
            return address.isLoopbackAddress()
                    || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }

    /**
     * A chunk read from a block file, in a pooled buffer. The stream that read it holds it until {@link #close()};
     * each {@link #retain(int, int)} holds it for a view lent out, until that view's {@link #release()}. The buffer
     * goes back to the pool when the last holder lets go. {@link #close()} is the reading thread's; the rest is
     * thread-safe.
     */
    static final class LocalChunk implements AutoCloseable {
        private final ByteBuffer buffer;
        private final DirectBufferPool pool;
        private final ByteString bytes;
        private final AtomicInteger holders = new AtomicInteger(1);
        private boolean closed;

        private LocalChunk(ByteBuffer buffer, DirectBufferPool pool) {
            this.buffer = buffer;
            this.pool = pool;
            this.bytes = UnsafeByteOperations.unsafeWrap(buffer.asReadOnlyBuffer());
        }

        /** The chunk's bytes; a view of the pooled buffer, valid until {@link #close()}. */
        ByteString bytes() {
            return bytes;
        }

        /**
         * {@code length} bytes from {@code offset} of the chunk, in a view that stays valid until a {@link #release()}
         * matching this call. The view is writable because Netty wraps only writable buffers; nobody writes to it.
         */
        ByteBuffer retain(int offset, int length) {
            holders.incrementAndGet();
            return buffer.duplicate().clear().slice(offset, length);
        }

        /** Lets go of a view from {@link #retain}. */
        void release() {
            if (holders.decrementAndGet() == 0) {
                pool.give(buffer);
            }
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release();
            }
        }
    }
}
