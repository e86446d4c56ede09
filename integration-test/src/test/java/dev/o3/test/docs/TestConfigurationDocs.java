package dev.o3.test.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.ConfigDocGenerator;
import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigRegistry;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md must equal what the ConfigKey declarations of every module render to. This module sees every
 * module, so it is where the whole reference can be generated; {@code -Do3.docs.update=true} rewrites the file.
 */
class TestConfigurationDocs {
    private static final Path DOC = Path.of("..", "docs", "configuration.md");

    @Test
    void referenceIsUpToDate() throws IOException {
        String expected = ConfigDocGenerator.render(ConfigRegistry.loadInstalled());
        if (Boolean.getBoolean("o3.docs.update")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
        }

        String actual = Files.exists(DOC) ? Files.readString(DOC, StandardCharsets.UTF_8) : "";

        assertThat(actual)
                .as("docs/configuration.md is stale; regenerate it with the command at its top")
                .isEqualTo(expected);
    }

    @Test
    void everyDeclaredKeyIsListedByItsGroup() throws IllegalAccessException {
        for (ConfigGroup group : ConfigRegistry.loadInstalled().groups()) {
            List<ConfigKey<?>> declared = new ArrayList<>();
            for (Field field : group.getClass().getFields()) {
                if (Modifier.isStatic(field.getModifiers()) && ConfigKey.class.isAssignableFrom(field.getType())) {
                    declared.add((ConfigKey<?>) field.get(null));
                }
            }
            assertThat(group.keys())
                    .as("keys() of %s (an unlisted key is neither validated nor documented)", group.title())
                    .containsAll(declared);
        }
    }

    @Test
    void everyModuleContributesItsKeys() {
        assertThat(ConfigRegistry.loadInstalled().groups())
                .extracting(group -> group.title())
                .containsExactly(
                        "Common",
                        "gRPC",
                        "TLS and certificates",
                        "Storage Container Manager",
                        "SCM datanode decommission and maintenance",
                        "Ozone Manager",
                        "Datanode",
                        "Client",
                        "S3 gateway");
    }
}
