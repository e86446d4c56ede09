package dev.o3.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestOzoneConfiguration {
    private static final ConfigKey<Integer> LIMIT = ConfigKey.of(
                    "test.pipeline.limit", ConfigType.intRange(0, 10), "2", "pipelines per node")
            .withAliases("test.legacy.limit");
    private static final ConfigKey<DataSize> SIZE =
            ConfigKey.of("test.block.size", ConfigType.DATA_SIZE, "256MB", "block size");
    private static final ConfigKey<Duration> INTERVAL =
            ConfigKey.of("test.interval", ConfigType.DURATION_TYPE, "30s", "interval");
    private static final ConfigKey<List<String>> DIRS =
            ConfigKey.optional("test.dirs", ConfigType.STRING_LIST, "directories");

    private static final ConfigRegistry REGISTRY = ConfigRegistry.of(List.of(new ConfigGroup() {
        @Override
        public String title() {
            return "Test";
        }

        @Override
        public int order() {
            return 0;
        }

        @Override
        public List<ConfigKey<?>> keys() {
            return List.of(LIMIT, SIZE, INTERVAL, DIRS);
        }
    }));

    @TempDir
    Path directory;

    @Test
    void defaultsApplyWhenNothingIsSet() {
        OzoneConfiguration conf = OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of());

        assertThat(conf.get(LIMIT)).isEqualTo(2);
        assertThat(conf.get(SIZE)).isEqualTo(DataSize.ofMebibytes(256));
        assertThat(conf.get(INTERVAL)).isEqualTo(Duration.ofSeconds(30));
        assertThat(conf.find(DIRS)).isEmpty();
        assertThat(conf.isSet(LIMIT)).isFalse();
    }

    @Test
    void overridesWinOverTheSiteFile() throws IOException {
        Path site = writeSite(Map.of("test.pipeline.limit", "4", "test.dirs", "/a, /b,,/c"));

        OzoneConfiguration conf =
                OzoneConfiguration.load(REGISTRY, Optional.of(site), Map.of("test.pipeline.limit", "6"));

        assertThat(conf.get(LIMIT)).isEqualTo(6);
        assertThat(conf.get(DIRS)).containsExactly("/a", "/b", "/c");
    }

    @Test
    void legacyAliasSetsTheCanonicalKey() {
        OzoneConfiguration conf = OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of("test.legacy.limit", "5"));

        assertThat(conf.get(LIMIT)).isEqualTo(5);
        assertThat(conf.explicitValues()).containsEntry("test.pipeline.limit", "5");
    }

    @Test
    void canonicalNameWinsOverAliasInOneSource() {
        OzoneConfiguration conf = OzoneConfiguration.load(
                REGISTRY, Optional.empty(), Map.of("test.legacy.limit", "5", "test.pipeline.limit", "7"));

        assertThat(conf.get(LIMIT)).isEqualTo(7);
    }

    @Test
    void unknownKeyFailsNamingTheKey() {
        assertThatThrownBy(() -> OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of("test.pipline.limit", "3")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown configuration key 'test.pipline.limit'");
    }

    @Test
    void malformedValueFailsNamingKeyAndValue() throws IOException {
        Path site = writeSite(Map.of("test.block.size", "lots"));

        assertThatThrownBy(() -> OzoneConfiguration.load(REGISTRY, Optional.of(site), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("test.block.size")
                .hasMessageContaining("'lots'");
    }

    @Test
    void outOfRangeValueFails() {
        assertThatThrownBy(
                        () -> OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of("test.pipeline.limit", "11")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("between 0 and 10");
    }

    @Test
    void missingRequiredValueFailsNamingTheKey() {
        OzoneConfiguration conf = OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of());

        assertThatThrownBy(() -> conf.get(DIRS))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("test.dirs");
    }

    @Test
    void missingSiteFileFails() {
        assertThatThrownBy(
                        () -> OzoneConfiguration.load(REGISTRY, Optional.of(directory.resolve("absent.xml")), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("not found");
    }

    @Test
    void siteFileWithDoctypeIsRejected() throws IOException {
        Path site = directory.resolve("evil.xml");
        Files.writeString(
                site,
                "<?xml version=\"1.0\"?><!DOCTYPE c [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + "<configuration><property><name>test.dirs</name><value>&x;</value></property>"
                        + "</configuration>",
                StandardCharsets.UTF_8);

        assertThatThrownBy(() -> OzoneConfiguration.load(REGISTRY, Optional.of(site), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cannot read configuration file");
    }

    @Test
    void withReturnsAValidatedCopy() {
        OzoneConfiguration conf = OzoneConfiguration.load(REGISTRY, Optional.empty(), Map.of());

        assertThat(conf.with(LIMIT, 3).get(LIMIT)).isEqualTo(3);
        assertThat(conf.get(LIMIT)).isEqualTo(2);
        assertThatThrownBy(() -> conf.with("test.interval", "soon")).isInstanceOf(ConfigException.class);
    }

    @Test
    void invalidDefaultIsRejectedAtDeclaration() {
        assertThatThrownBy(() -> ConfigKey.of("test.bad", ConfigType.BOOLEAN, "maybe", "never valid"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("test.bad");
    }

    private Path writeSite(Map<String, String> values) throws IOException {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        values.forEach((name, value) -> xml.append("  <property><name>")
                .append(name)
                .append("</name><value>")
                .append(value)
                .append("</value></property>\n"));
        xml.append("</configuration>\n");
        Path site = directory.resolve("ozone-site.xml");
        Files.writeString(site, xml, StandardCharsets.UTF_8);
        return site;
    }
}
