package dev.o3.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ozone version}: the O3 release and the JVM running it. */
@Command(name = "version", mixinStandardHelpOptions = true, description = "Print the O3 version.")
final class VersionCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /** The release, from the build's {@code o3-version.properties}. */
    static String version() {
        Properties properties = new Properties();
        try (InputStream in = VersionCommand.class.getResourceAsStream("/o3-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }

    @Override
    public Integer call() {
        spec.commandLine()
                .getOut()
                .printf(
                        "O3 %s%nJava %s (%s)%n",
                        version(), System.getProperty("java.version"), System.getProperty("java.vendor"));
        return 0;
    }
}
