package dev.o3.common.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Scanner;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for servers that are told their port before they bind it (Raft peers must know each other's addresses; a
 * cluster's layout is written before its daemons start). A port the kernel hands out for a bind to port 0 is an
 * ephemeral one, and between that check and the server's bind the kernel may give the same port to an outgoing
 * connection as its source port: the server then fails to bind (Ratis exits the JVM). So ports come from outside the
 * kernel's ephemeral range ({@code net.ipv4.ip_local_port_range}), are checked free on every address, and are never
 * handed out twice by one JVM. Thread-safe.
 */
public final class FreePorts {
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int MAX_PORT = 65_535;
    private static final int MIN_RANGE = 1_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    /**
     * A port no socket uses now, outside the ephemeral range.
     *
     * @throws UncheckedIOException when none is left
     */
    public static int next() {
        int[] range = range(ephemeralRange());
        int size = range[1] - range[0] + 1;
        int start = ThreadLocalRandom.current().nextInt(size);
        for (int i = 0; i < size; i++) {
            int port = range[0] + (start + i) % size;
            if (HANDED_OUT.add(port)) {
                if (bindable(port)) {
                    return port;
                }
                HANDED_OUT.remove(port);
            }
        }
        throw new UncheckedIOException(new IOException("no free port in " + range[0] + "-" + range[1]));
    }

    /** The ports to choose from, given the ephemeral range: above it if there is room, else below it. */
    static int[] range(int[] ephemeral) {
        if (MAX_PORT - ephemeral[1] >= MIN_RANGE) {
            return new int[] {ephemeral[1] + 1, MAX_PORT};
        }
        if (ephemeral[0] - 1 - LOWEST >= MIN_RANGE) {
            return new int[] {LOWEST, ephemeral[0] - 1};
        }
        throw new IllegalStateException(
                "the ephemeral port range " + ephemeral[0] + "-" + ephemeral[1] + " leaves no room for fixed ports");
    }

    private static int[] ephemeralRange() {
        try {
            Scanner bounds = new Scanner(Files.readString(EPHEMERAL_RANGE, StandardCharsets.US_ASCII));
            return new int[] {bounds.nextInt(), bounds.nextInt()};
        } catch (IOException | RuntimeException e) {
            return new int[] {32_768, 60_999}; // Linux's default
        }
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
