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

    private final boolean enabled;
    private final Map<String, Boolean> localAddresses = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();

    /** @param enabled ozone.client.read.short-circuit */
    ShortCircuitReads(boolean enabled) {
        this.enabled = enabled;
    }

    /** Whether to ask {@code datanode} for its block files: enabled, on this host, and its files were readable. */
    boolean wanted(DatanodeDetails datanode) {
        return enabled
                && !refused.contains(datanode.getUuid())
                && localAddresses.computeIfAbsent(datanode.getIpAddress(), ShortCircuitReads::isLocal);
    }

    /**
     * Reads {@code chunk} (unverified) from the block file {@code datanode} named.
     *
     * @throws IOException when the file cannot be opened or holds less than the chunk
     */
    ByteString read(DatanodeDetails datanode, String blockFile, ChunkInfo chunk) throws IOException {
        ByteBuffer data = ByteBuffer.allocate(Math.toIntExact(chunk.getLength()));
        try (FileChannel file = FileChannel.open(Path.of(blockFile), StandardOpenOption.READ)) {
            while (data.hasRemaining()) {
                if (file.read(data, chunk.getOffset() + data.position()) < 0) {
                    throw new EOFException(blockFile + " ends before chunk " + chunk.getChunkName() + " does");
                }
            }
        } catch (AccessDeniedException e) {
            if (refused.add(datanode.getUuid())) {
                LOG.warn(
                        "short-circuit reads from datanode {} are off for this client: {} is not readable by it",
                        datanode.getUuid(),
                        blockFile);
            }
            throw e;
        }
        return UnsafeByteOperations.unsafeWrap(data.flip());
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
}
