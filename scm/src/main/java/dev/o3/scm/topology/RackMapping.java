package dev.o3.scm.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Host to rack mapping in Hadoop's TableMapping format: one {@code host rack} pair per line, whitespace separated,
 * {@code #} comments. Hosts may be listed by name or IP address; unknown hosts are on {@link #DEFAULT_RACK}.
 * Immutable.
 */
public final class RackMapping {
    public static final String DEFAULT_RACK = "/default-rack";

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final Map<String, String> racks;

    private RackMapping(Map<String, String> racks) {
        this.racks = Map.copyOf(racks);
    }

    /** Every host on {@link #DEFAULT_RACK}: the topology of a cluster with no table. */
    public static RackMapping flat() {
        return new RackMapping(Map.of());
    }

    public static RackMapping of(Map<String, String> hostToRack) {
        Map<String, String> normalized = new HashMap<>();
        hostToRack.forEach((host, rack) -> normalized.put(host, normalizeRack(rack)));
        return new RackMapping(normalized);
    }

    /**
     * Parses a table file.
     *
     * @throws IllegalArgumentException naming the file and line for a malformed line
     * @throws UncheckedIOException when the file cannot be read
     */
    public static RackMapping readTable(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read topology table " + file, e);
        }
        Map<String, String> racks = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int comment = line.indexOf('#');
            String content = (comment >= 0 ? line.substring(0, comment) : line).trim();
            if (content.isEmpty()) {
                continue;
            }
            String[] fields = WHITESPACE.split(content, -1);
            if (fields.length != 2) {
                throw new IllegalArgumentException(
                        file + " line " + (i + 1) + ": expected 'host rack', got '" + line.trim() + "'");
            }
            racks.put(fields[0], normalizeRack(fields[1]));
        }
        return new RackMapping(racks);
    }

    /** The rack of a host name or address; {@link #DEFAULT_RACK} when not listed. */
    public String rackOf(String host) {
        Objects.requireNonNull(host, "host is null");
        return racks.getOrDefault(host, DEFAULT_RACK);
    }

    /** The rack of the first of the given names (host name, IP address) that is listed. */
    public String rackOf(String hostName, String ipAddress) {
        String rack = racks.get(hostName);
        return rack != null ? rack : rackOf(ipAddress);
    }

    public int size() {
        return racks.size();
    }

    private static String normalizeRack(String rack) {
        String trimmed = rack.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("rack name is empty");
        }
        return trimmed.startsWith("/") ? trimmed : "/" + trimmed;
    }
}
