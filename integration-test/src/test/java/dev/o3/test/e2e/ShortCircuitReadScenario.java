package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static dev.o3.test.e2e.PromMetrics.datanodeCounter;
import static dev.o3.test.e2e.PromMetrics.datanodeReads;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A client on the datanodes' host with ozone.client.read.short-circuit reads block files itself: the datanodes only
 * answer GetBlock with the file's path and read no chunk. A corrupt block file is caught by the client's checksums and
 * read through its datanode instead, which sees the corruption itself, and the key still reads back whole.
 */
abstract class ShortCircuitReadScenario {
    private static final String GRANTS = "o3_datanode_read_short_circuit_grants_total ";

    @Test
    void aLocalClientReadsTheBlockFilesItself() throws IOException, InterruptedException {
        // 1 MB chunks, so a 4 MB block read through the datanodes would cost a ReadChunk per further chunk.
        byte[] data = Keys.random(9 * 1024 * 1024 + 17);
        try (OzoneClient writer = client(ClientConfigKeys.CHUNK_SIZE.name(), "1MB");
                OutputStream out = bucketOf(writer).createKey("short-circuit", data.length, Map.of())) {
            out.write(data);
        }
        double grants = datanodeCounter(GRANTS);
        double readChunks = datanodeReads("READ_CHUNK");

        try (OzoneClient reader = client(ClientConfigKeys.READ_SHORT_CIRCUIT.name(), "true");
                InputStream in = bucketOf(reader).readKey("short-circuit")) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }

        assertThat(datanodeCounter(GRANTS) - grants)
                .as("one GetBlock per block")
                .isEqualTo(3.0);
        // Counted by request, not by the volumes' read bytes: the shared cluster's container scanner and Ratis
        // leaders re-reading chunks for lagging followers read from the volumes at any moment.
        assertThat(datanodeReads("READ_CHUNK") - readChunks)
                .as("no datanode served a chunk")
                .isZero();
    }

    @Test
    void aCorruptBlockFileIsReadThroughItsDatanodeAndThenAroundIt() throws IOException, InterruptedException {
        byte[] data = Keys.random(2 * 1024 * 1024 + 3);
        int firstRead = CorruptReplicaScenario.writeWithCorruptFirstReplica("short-circuit-corrupt", data, 4096);
        double refusals = datanodeReads(firstRead, "READ_CHUNK");

        try (OzoneClient reader = client(ClientConfigKeys.READ_SHORT_CIRCUIT.name(), "true");
                InputStream in = bucketOf(reader).readKey("short-circuit-corrupt")) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }

        assertThat(datanodeReads(firstRead, "READ_CHUNK") - refusals)
                .as("the corrupt replica's datanode was asked for the chunk after the client's checksum failed")
                .isEqualTo(1.0);
    }

    private static OzoneClient client(String key, String value) {
        return OzoneClient.create(cluster().clientConfiguration().with(key, value), System.getProperty("user.name"));
    }

    private static OzoneBucket bucketOf(OzoneClient client) throws IOException {
        return client.objectStore().getVolume("vol1").getBucket("bucket1");
    }
}
