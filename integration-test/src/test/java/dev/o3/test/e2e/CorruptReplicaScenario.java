package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static dev.o3.test.e2e.PromMetrics.datanodeReads;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.io.KeyInputStream;
import dev.o3.client.io.ReplicaOrder;
import dev.o3.proto.hdds.BlockLocation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A replica whose block file has a flipped bit is detected by its checksum and read around. The key is one chunk, so
 * the corrupt data is what the first replica's GetBlock would bring along with the chunk list.
 */
abstract class CorruptReplicaScenario {
    @Test
    void corruptedReplicaIsReadAroundTransparently() throws IOException, InterruptedException {
        byte[] data = Keys.random(3 * 1024 * 1024 + 5);
        int firstRead = writeWithCorruptFirstReplica("corrupt-me", data, 1000);
        double refusedBefore = datanodeReads(firstRead, "GET_BLOCK");
        double getBlocksBefore = datanodeReads("GET_BLOCK");
        double readChunksBefore = datanodeReads("READ_CHUNK");

        try (InputStream in = bucket().readKey("corrupt-me")) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(datanodeReads(firstRead, "GET_BLOCK") - refusedBefore)
                .as("the corrupt replica was asked first")
                .isEqualTo(1.0);
        assertThat(datanodeReads("GET_BLOCK") - getBlocksBefore)
                .as("the next replica's GetBlock brought good data")
                .isEqualTo(2.0);
        assertThat(datanodeReads("READ_CHUNK") - readChunksBefore).isZero();
    }

    /**
     * Writes {@code data} as key {@code name} of the suite's bucket, then flips a bit at {@code offset} of its first
     * block on the replica a reader tries first.
     *
     * @return the index of that replica's datanode
     */
    static int writeWithCorruptFirstReplica(String name, byte[] data, long offset) throws IOException {
        try (OutputStream out = bucket().createKey(name, data.length, Map.of())) {
            out.write(data);
        }
        BlockLocation block;
        try (KeyInputStream in = bucket().readKey(name)) {
            block = in.blocks().get(0);
        }
        int firstRead =
                cluster().datanodeIndex(ReplicaOrder.readOrder(block).get(0).getUuid());
        flipByte(
                cluster()
                        .blockFile(
                                firstRead,
                                block.getBlockId().getContainerId(),
                                block.getBlockId().getLocalId())
                        .orElseThrow(),
                offset);
        return firstRead;
    }

    /** Flips one bit of the byte at {@code offset} of {@code file}, on disk. */
    static void flipByte(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 0x40)).rewind();
            channel.write(one, offset);
            channel.force(true);
        }
    }
}
