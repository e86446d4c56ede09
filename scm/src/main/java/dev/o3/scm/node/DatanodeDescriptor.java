package dev.o3.scm.node;

import java.util.Objects;

/**
 * A registered datanode: identity, addresses and the rack SCM assigned from its topology table.
 *
 * @param uuid stable id, also the Ratis peer id
 * @param hostName host name the datanode advertises
 * @param ipAddress IP address the datanode advertises
 * @param rack network location, e.g. {@code /rack1}
 * @param ports the datanode's service ports
 */
public record DatanodeDescriptor(String uuid, String hostName, String ipAddress, String rack, DatanodePorts ports) {
    public DatanodeDescriptor {
        Objects.requireNonNull(uuid, "uuid is null");
        Objects.requireNonNull(hostName, "hostName is null");
        Objects.requireNonNull(ipAddress, "ipAddress is null");
        Objects.requireNonNull(rack, "rack is null");
        Objects.requireNonNull(ports, "ports is null");
        if (uuid.isBlank()) {
            throw new IllegalArgumentException("uuid is blank");
        }
    }

    public DatanodeDescriptor withRack(String newRack) {
        return new DatanodeDescriptor(uuid, hostName, ipAddress, newRack, ports);
    }
}
