package dev.o3.om.config;

import dev.o3.common.config.HostAndPort;
import java.util.Objects;

/**
 * One OM of the service as configured.
 *
 * @param id node id (om1, om2, ... by position in ozone.om.address)
 * @param clientAddress gRPC client address
 * @param ratisAddress Ratis server address
 */
public record OmNode(String id, HostAndPort clientAddress, HostAndPort ratisAddress) {
    public OmNode {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(clientAddress, "clientAddress is null");
        Objects.requireNonNull(ratisAddress, "ratisAddress is null");
    }
}
