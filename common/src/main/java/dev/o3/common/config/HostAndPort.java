package dev.o3.common.config;

import java.net.InetSocketAddress;
import java.util.Objects;

/** A {@code host:port} address from configuration; port 0 asks the OS for an ephemeral port. */
public record HostAndPort(String host, int port) {
    public HostAndPort {
        Objects.requireNonNull(host, "host is null");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host is blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range 0-65535: " + port);
        }
    }

    /**
     * Parses {@code host:port}; a bare {@code host} takes {@code defaultPort}.
     *
     * @throws IllegalArgumentException when the port is not a number in range
     */
    public static HostAndPort parse(String text, int defaultPort) {
        String trimmed = text.trim();
        int colon = trimmed.lastIndexOf(':');
        if (colon < 0) {
            return new HostAndPort(trimmed, defaultPort);
        }
        String portText = trimmed.substring(colon + 1);
        try {
            return new HostAndPort(trimmed.substring(0, colon), Integer.parseInt(portText));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port number: '" + portText + "' in '" + text + "'", e);
        }
    }

    public InetSocketAddress toSocketAddress() {
        return new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
