package dev.o3.client.io;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.om.OmClient;
import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fake OM on a real socket and in-memory datanodes with injected failures, and the helpers that write and read keys
 * through the real key streams; each test class extends it for one side of the stream.
 */
abstract class KeyStreamFixture {
    protected static final int CHUNK = 4096;
    protected static final int BLOCK = 4 * CHUNK * 4;

    protected final FakeDatanodes datanodes = new FakeDatanodes();
    protected FakeOzoneManager om;
    protected OmClient omClient;
    protected DatanodeClients clients;
    protected ClientConfig config;

    @BeforeEach
    void start() {
        om = new FakeOzoneManager(List.of(
                FakeOzoneManager.pipeline("p1"), FakeOzoneManager.pipeline("p2"), FakeOzoneManager.pipeline("p3")));
        omClient = new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5), GrpcConfig.defaults());
        useConfig(Map.of());
    }

    protected void useConfig(Map<String, String> overrides) {
        Map<String, String> values = new HashMap<>(Map.of(
                "ozone.client.bytes.per.checksum", "1KB",
                "ozone.client.stream.buffer.size", "4KB",
                "ozone.client.write.window.chunks", "3",
                "ozone.client.max.retries", "2",
                "ozone.scm.block.size", BLOCK + "B"));
        values.putAll(overrides);
        config = ClientConfig.from(OzoneConfiguration.of(values));
        if (clients != null) {
            clients.close();
        }
        clients = new DatanodeClients(config, datanodes);
    }

    @AfterEach
    void stop() {
        clients.close();
        omClient.close();
        om.close();
    }

    protected void write(String name, byte[] data) throws IOException {
        try (OutputStream out = create(name)) {
            int offset = 0;
            Random sizes = new Random(7);
            while (offset < data.length) {
                int n = Math.min(data.length - offset, 1 + sizes.nextInt(3 * CHUNK));
                out.write(data, offset, n);
                offset += n;
            }
        }
    }

    /** GetBlock and ReadChunk calls made to the replicas of the key's blocks. */
    protected int readsAskedOf(String name) {
        return om.committed(name).getBlocksList().stream()
                .flatMap(block -> block.getPipeline().getMembersList().stream())
                .map(DatanodeDetails::getUuid)
                .distinct()
                .mapToInt(datanodes::readsAsked)
                .sum();
    }

    protected void closeContainerOfPreallocatedBlock(String name) {
        long container = om.openKey(name).getBlocks(0).getBlockId().getContainerId();
        datanodes.closeContainer(container);
    }

    protected KeyOutputStream create(String name) {
        return create(name, 0);
    }

    protected KeyOutputStream create(String name, long declaredSize) {
        CreateKeyResponse created = omClient.call(
                "CreateKey",
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("v")
                        .setBucket("b")
                        .setName(name)
                        .setSize(declaredSize)
                        .build()),
                CreateKeyResponse::getError);
        long clientId = created.getClientId();
        KeyCommitter committer = (size, blocks, md5, metadata) -> omClient.call(
                        "CommitKey",
                        stub -> stub.commitKey(CommitKeyRequest.newBuilder()
                                .setName(name)
                                .setClientId(clientId)
                                .setSize(size)
                                .addAllBlocks(blocks)
                                .setEtag(md5)
                                .build()),
                        CommitKeyResponse::getError)
                .getVersionId();
        return new KeyOutputStream(omClient, clients, config, created.getKey(), clientId, committer);
    }

    protected byte[] read(String name) throws IOException {
        try (InputStream in = open(name)) {
            return in.readAllBytes();
        }
    }

    protected KeyInputStream open(String name) {
        KeyInfo key = omClient.call(
                        "LookupKey",
                        stub -> stub.lookupKey(LookupKeyRequest.newBuilder()
                                .setVolume("v")
                                .setBucket("b")
                                .setName(name)
                                .build()),
                        LookupKeyResponse::getError)
                .getKey();
        return new KeyInputStream(clients, key, () -> key);
    }

    protected static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    protected static byte[] slice(byte[] data, int offset, int length) {
        byte[] slice = new byte[length];
        System.arraycopy(data, offset, slice, 0, length);
        return slice;
    }

    protected static String md5(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
