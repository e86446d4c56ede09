package dev.o3.scm.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestRackMapping {
    @TempDir
    Path directory;

    @Test
    void readsHostsAndAddressesWithCommentsAndBlankLines() throws IOException {
        Path table = write("# datanodes\n\ndn1.example.com /rack1\n10.0.0.2\track2   # no slash\n");

        RackMapping mapping = RackMapping.readTable(table);

        assertThat(mapping.size()).isEqualTo(2);
        assertThat(mapping.rackOf("dn1.example.com")).isEqualTo("/rack1");
        assertThat(mapping.rackOf("10.0.0.2")).isEqualTo("/rack2");
        assertThat(mapping.rackOf("dn2.example.com", "10.0.0.2")).isEqualTo("/rack2");
    }

    @Test
    void unlistedHostsAreOnTheDefaultRack() throws IOException {
        RackMapping mapping = RackMapping.readTable(write("dn1 /rack1\n"));

        assertThat(mapping.rackOf("dn9")).isEqualTo(RackMapping.DEFAULT_RACK);
        assertThat(RackMapping.flat().rackOf("dn1")).isEqualTo(RackMapping.DEFAULT_RACK);
    }

    @Test
    void malformedLineNamesTheLine() throws IOException {
        Path table = write("dn1 /rack1\ndn2 /rack2 extra\n");

        assertThatThrownBy(() -> RackMapping.readTable(table))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 2");
    }

    private Path write(String content) throws IOException {
        Path table = directory.resolve("topology.table");
        Files.writeString(table, content, StandardCharsets.UTF_8);
        return table;
    }
}
