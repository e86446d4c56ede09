package dev.o3.client.cli;

import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Options every command takes: the site file and {@code -Dkey=value} overrides. Without {@code --conf}, the site file
 * is {@code ozone-site.xml} in the directory named by the {@code ozone.conf.dir} system property (set by
 * {@code bin/ozone} to {@code etc/}), if it exists; a client command then also reads {@value #LOCAL_CLUSTER_FILE}
 * beside it, which a running {@code ozone local} writes with the addresses of its OMs and SCM.
 */
public final class ConfigOptions {
    public static final String CONF_DIR_PROPERTY = "ozone.conf.dir";
    /** The client configuration of the running {@code ozone local}, in the configuration directory. */
    public static final String LOCAL_CLUSTER_FILE = "ozone-local.xml";

    @Option(
            names = "--conf",
            paramLabel = "FILE",
            description = "ozone-site.xml to read (default: $OZONE_CONF_DIR/ozone-site.xml).")
    private Path siteFile;

    @Option(
            names = "-D",
            paramLabel = "key=value",
            description = "Override a configuration key (repeatable), e.g. -Dozone.scm.datanode.pipeline.limit=4.")
    private Map<String, String> overrides = new LinkedHashMap<>();

    /**
     * The effective configuration of a command that calls a cluster: the site file, then the running {@code ozone
     * local}'s addresses ({@link #localClusterFile}), then the {@code -D} overrides. Fails naming the key on an unknown
     * key or a bad value.
     */
    public OzoneConfiguration load() {
        Map<String, String> values = new LinkedHashMap<>();
        if (siteFile == null) {
            localClusterFile()
                    .filter(Files::isRegularFile)
                    .ifPresent(file -> values.putAll(
                            OzoneConfiguration.load(Optional.of(file), Map.of()).explicitValues()));
        }
        values.putAll(overrides);
        return OzoneConfiguration.load(siteFile(), values);
    }

    /**
     * The configuration of a server: the site file and the {@code -D} overrides only, never a local cluster's client
     * addresses.
     */
    public OzoneConfiguration loadForServer() {
        return OzoneConfiguration.load(siteFile(), overrides);
    }

    /** Where {@code ozone local} writes its client configuration: {@value #LOCAL_CLUSTER_FILE} in the conf dir. */
    public static Optional<Path> localClusterFile() {
        return Optional.ofNullable(System.getProperty(CONF_DIR_PROPERTY)).map(dir -> Path.of(dir, LOCAL_CLUSTER_FILE));
    }

    /** The {@code -D} overrides as given, for components that take raw values (the embedded cluster). */
    public Map<String, String> overrides() {
        return Map.copyOf(overrides);
    }

    private Optional<Path> siteFile() {
        if (siteFile != null) {
            return Optional.of(siteFile);
        }
        return Optional.ofNullable(System.getProperty(CONF_DIR_PROPERTY))
                .map(dir -> Path.of(dir, "ozone-site.xml"))
                .filter(Files::isRegularFile);
    }
}
