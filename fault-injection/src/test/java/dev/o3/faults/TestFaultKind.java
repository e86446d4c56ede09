package dev.o3.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestFaultKind {
    @Test
    void parsesAllAndLists() {
        assertThat(FaultKind.parse("all")).containsExactly(FaultKind.values());
        assertThat(FaultKind.parse("kill-datanode, pause"))
                .isEqualTo(List.of(FaultKind.KILL_DATANODE, FaultKind.PAUSE));
    }

    @Test
    void rejectsUnknownKindNamingTheCatalogue() {
        assertThatThrownBy(() -> FaultKind.parse("kill-everything"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown fault 'kill-everything'")
                .hasMessageContaining("clock-skew");
    }
}
