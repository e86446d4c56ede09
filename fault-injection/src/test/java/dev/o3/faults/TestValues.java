package dev.o3.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import org.junit.jupiter.api.Test;

class TestValues {
    @Test
    void aBodyShorterThanItsAnnouncedLengthIsAFailedReadNotAValue() throws Exception {
        byte[] data = Values.content(7, 1000);

        assertThat(Values.hash(new ByteArrayInputStream(data), 1000)).isEqualTo(Values.hash(data));
        assertThatThrownBy(() -> Values.hash(new ByteArrayInputStream(data, 0, 300), 1000))
                .isInstanceOf(EOFException.class)
                .hasMessageContaining("300 of its 1000 bytes");
    }
}
