package dev.o3.scm.decommission;

import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.node.DatanodeStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Resolves the HOST arguments of the admin commands: a datanode's uuid, host name or IP address. Stateless. */
final class DatanodeHosts {
    private DatanodeHosts() {}

    /**
     * The registered datanodes named by {@code hosts}, each once, in the order named.
     *
     * @throws ScmException UNKNOWN_DATANODE when a host names no datanode or several; INVALID_REQUEST for no host
     */
    static List<DatanodeStatus> resolve(List<DatanodeStatus> registered, List<String> hosts) {
        if (hosts.isEmpty()) {
            throw new ScmException(ScmErrorCode.INVALID_REQUEST, "name at least one datanode");
        }
        Map<String, DatanodeStatus> resolved = new LinkedHashMap<>();
        for (String host : hosts) {
            DatanodeStatus node = resolve(registered, host);
            resolved.putIfAbsent(node.uuid(), node);
        }
        return List.copyOf(resolved.values());
    }

    private static DatanodeStatus resolve(List<DatanodeStatus> registered, String host) {
        for (DatanodeStatus node : registered) {
            if (node.uuid().equals(host)) {
                return node;
            }
        }
        List<DatanodeStatus> matches = new ArrayList<>();
        for (DatanodeStatus node : registered) {
            if (node.datanode().hostName().equalsIgnoreCase(host)
                    || node.datanode().ipAddress().equals(host)) {
                matches.add(node);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        throw new ScmException(
                ScmErrorCode.UNKNOWN_DATANODE,
                matches.isEmpty()
                        ? "no datanode " + host + " is registered with SCM"
                        : host + " matches " + matches.size() + " datanodes; name one by uuid");
    }
}
