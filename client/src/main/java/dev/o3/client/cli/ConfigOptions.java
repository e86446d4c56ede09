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
 * {@code bin/ozone} to {@code etc/}), if it exists.
 */
public final class ConfigOptions {
    public static final String CONF_DIR_PROPERTY = "ozone.conf.dir";

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

    /** The effective configuration; fails naming the key on an unknown key or a bad value. */
    public OzoneConfiguration load() {
        return OzoneConfiguration.load(siteFile(), overrides);
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
