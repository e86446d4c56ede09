package dev.o3.om.testing;

import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Configurations of test OMs: loopback ports, short Raft timeouts, small pools. */
public final class OmFixtures {
    private OmFixtures() {}

    /** A single OM on ephemeral ports. */
    public static OzoneConfiguration singleOm(Path directory, String scmAddress) {
        Map<String, String> values = common(directory, scmAddress);
        values.put("ozone.om.address", "127.0.0.1:0");
        values.put("ozone.om.ratis.port", "0");
        return OzoneConfiguration.of(values);
    }

    /** OM {@code nodeId} of an HA group with the given client and Ratis addresses. */
    public static OzoneConfiguration haOm(
            Path directory, String scmAddress, String clientAddresses, String ratisAddresses, String nodeId) {
        Map<String, String> values = common(directory, scmAddress);
        values.put("ozone.om.address", clientAddresses);
        values.put("ozone.om.ratis.addresses", ratisAddresses);
        values.put("ozone.om.node.id", nodeId);
        return OzoneConfiguration.of(values);
    }

    private static Map<String, String> common(Path directory, String scmAddress) {
        Map<String, String> values = new HashMap<>();
        values.put("ozone.metadata.dirs", directory.toString());
        values.put("ozone.om.http-address", "127.0.0.1:0");
        values.put("ozone.scm.block.client.address", scmAddress);
        values.put("ozone.om.leader.election.minimum.timeout.duration", "500ms");
        values.put("ozone.om.ratis.server.request.timeout", "2s");
        values.put("ozone.om.handler.count", "4");
        values.put("ozone.scm.block.size", "1MB");
        values.put("ozone.server.default.replication", "1");
        return values;
    }
}
