package dev.o3.common.config;

import java.util.stream.Collectors;

/** Renders {@code docs/configuration.md} from the registered keys, so the reference cannot drift from the code. */
public final class ConfigDocGenerator {
    private static final String HEADER =
            """
            # Configuration reference

            <!-- Generated from the ConfigKey declarations by ConfigDocGenerator; do not edit. -->
            <!-- Regenerate: ./mvnw -q -pl integration-test -am test -Dquality.skip -Dtest=TestConfigurationDocs
                 -Dsurefire.failIfNoSpecifiedTests=false -Do3.docs.update=true -->

            Set keys in `etc/ozone-site.xml` (Hadoop `<property><name/><value/></property>` format) or override
            any of them with `-Dkey=value` on the `ozone` command line. An unknown key or a malformed value stops
            the process at start with a message naming the key.

            Sizes take binary units (`16KB` = 16384 bytes, `256MB`, `5GB`); durations take `ms`, `s`, `m`, `h`,
            `d` (`30s`, `5m`).
            """;

    private ConfigDocGenerator() {}

    public static String render(ConfigRegistry registry) {
        StringBuilder out = new StringBuilder(HEADER);
        for (ConfigGroup group : registry.groups()) {
            out.append("\n## ").append(group.title()).append("\n\n");
            out.append("| key | type | default | meaning |\n|---|---|---|---|\n");
            for (ConfigKey<?> key : group.keys()) {
                out.append("| `").append(key.name()).append('`');
                if (!key.aliases().isEmpty()) {
                    out.append(key.aliases().stream()
                            .map(alias -> "`" + alias + "`")
                            .collect(Collectors.joining(", ", " (alias ", ")")));
                }
                out.append(" | ")
                        .append(key.type().typeName().replace("|", "\\|"))
                        .append(" | ")
                        .append(key.defaultValue()
                                .map(value -> value.isEmpty() ? "(empty)" : "`" + value + "`")
                                .orElse("—"))
                        .append(" | ")
                        .append(key.description().replace("|", "\\|").replace("\n", " "))
                        .append(" |\n");
            }
        }
        return out.toString();
    }
}
