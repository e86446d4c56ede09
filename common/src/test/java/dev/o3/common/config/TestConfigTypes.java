package dev.o3.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TestConfigTypes {
    @Test
    void dataSizesUseBinaryUnits() {
        assertThat(DataSize.parse("16KB").bytes()).isEqualTo(16 * 1024);
        assertThat(DataSize.parse("256MB").bytes()).isEqualTo(256L << 20);
        assertThat(DataSize.parse("5 GB").bytes()).isEqualTo(5L << 30);
        assertThat(DataSize.parse("1mib").bytes()).isEqualTo(1L << 20);
        assertThat(DataSize.parse("1.5KB").bytes()).isEqualTo(1536);
        assertThat(DataSize.parse("4096").bytes()).isEqualTo(4096);
        assertThat(DataSize.parse("0").bytes()).isZero();
    }

    @Test
    void dataSizePrintsInTheLargestExactUnit() {
        assertThat(DataSize.ofGibibytes(5)).hasToString("5GB");
        assertThat(DataSize.ofBytes(1536)).hasToString("1536B");
        assertThat(DataSize.parse(DataSize.ofMebibytes(256).toString())).isEqualTo(DataSize.ofMebibytes(256));
    }

    @Test
    void malformedDataSizesAreRejected() {
        assertThatThrownBy(() -> DataSize.parse("-1MB")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DataSize.parse("12 parsecs")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DataSize.parse("99999999999TB")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void durationsTakeUnitSuffixes() {
        assertThat(ConfigType.DURATION_TYPE.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(ConfigType.DURATION_TYPE.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(ConfigType.DURATION_TYPE.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(ConfigType.DURATION_TYPE.parse("7d")).isEqualTo(Duration.ofDays(7));
        assertThat(ConfigType.DURATION_TYPE.parse("250")).isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> ConfigType.DURATION_TYPE.parse("soon")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void addressesTakeADefaultPort() {
        assertThat(HostAndPort.parse("om1", 9862)).isEqualTo(new HostAndPort("om1", 9862));
        assertThat(HostAndPort.parse("127.0.0.2:0", 9862)).isEqualTo(new HostAndPort("127.0.0.2", 0));
        assertThatThrownBy(() -> HostAndPort.parse("om1:http", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HostAndPort.parse("om1:70000", 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void booleansAreStrict() {
        assertThat(ConfigType.BOOLEAN.parse(" TRUE ")).isTrue();
        assertThatThrownBy(() -> ConfigType.BOOLEAN.parse("yes")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void oneOfAcceptsOnlyListedWords() {
        ConfigType<String> type = ConfigType.oneOf("1", "3");
        assertThat(type.parse("3")).isEqualTo("3");
        assertThatThrownBy(() -> type.parse("2")).isInstanceOf(IllegalArgumentException.class);
    }
}
