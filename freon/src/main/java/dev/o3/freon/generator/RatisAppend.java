package dev.o3.freon.generator;

import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.freon.ratis.AppendGroup;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ratis-append}: the raw append rate of a Raft log on this machine. Starts a Ratis group of one or three servers
 * in this process with a no-op state machine and appends entries the size of an OM transaction: the ceiling for OM
 * writes on the same disk (each entry is replicated, fsynced in batches and committed, nothing else).
 */
@Command(
        name = "ratis-append",
        mixinStandardHelpOptions = true,
        description =
                "Append entries to an in-process Ratis group with a no-op state machine: the Raft log's own rate.")
public final class RatisAppend extends Generator {
    private static final long TIMEOUT_SECONDS = 60;

    @Option(
            names = "--servers",
            defaultValue = "1",
            description = "Servers in the group, 1 or 3 (default: ${DEFAULT-VALUE}).")
    private int servers;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Where the servers keep their logs (default: a new temporary directory); use the OM's disk.")
    private Path directory;

    @Option(
            names = "--entry-size",
            defaultValue = "300",
            description = "Bytes per entry, about an OM CreateKey transaction (default: ${DEFAULT-VALUE}).")
    private int entrySize;

    @Option(
            names = "--property",
            paramLabel = "KEY=VALUE",
            description = "A Ratis property on top of the OM's settings, e.g. raft.server.log.async-flush.enabled=true;"
                    + " repeatable.")
    private Map<String, String> overrides = new LinkedHashMap<>();

    private byte[] payload;

    @Override
    void validate() {
        if (servers != 1 && servers != 3) {
            throw new IllegalArgumentException("--servers must be 1 or 3, not " + servers);
        }
        if (entrySize < 0) {
            throw new IllegalArgumentException("--entry-size must be >= 0, not " + entrySize);
        }
        payload = new byte[entrySize];
    }

    @Override
    boolean hasAsyncMode() {
        return true;
    }

    @Override
    Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) throws IOException {
        AppendGroup group = group(resources);
        return index -> {
            group.append(payload).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return payload.length;
        };
    }

    @Override
    AsyncOperation prepareAsync(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources)
            throws IOException {
        AppendGroup group = group(resources);
        long length = payload.length;
        return index -> group.append(payload).thenApply(appended -> length);
    }

    private AppendGroup group(List<AutoCloseable> resources) throws IOException {
        Path root = directory != null ? Files.createDirectories(directory) : Files.createTempDirectory("ratis-append");
        AppendGroup group = AppendGroup.start(servers, Files.createTempDirectory(root, "group"), overrides);
        resources.add(group);
        return group;
    }
}
