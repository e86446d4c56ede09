package dev.o3.common.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestFreePorts {
    @Test
    void portsComeFromOutsideTheEphemeralRangeAboveItWhenThereIsRoomElseBelow() {
        assertThat(FreePorts.range(new int[] {32_768, 60_999})).containsExactly(61_000, 65_535);
        assertThat(FreePorts.range(new int[] {32_768, 65_000})).containsExactly(10_000, 32_767);
        assertThatThrownBy(() -> FreePorts.range(new int[] {10_500, 65_000})).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aPortIsHandedOutOnceAndCanBeBoundOnEveryAddress() throws Exception {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            ports.add(FreePorts.next());
        }
        assertThat(ports).hasSize(50);
        int port = ports.iterator().next();
        try (ServerSocket any = new ServerSocket()) {
            any.bind(new InetSocketAddress(port));
            assertThat(any.getLocalPort()).isEqualTo(port);
        }
        try (ServerSocket loopback = new ServerSocket()) {
            loopback.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertThat(loopback.getLocalPort()).isEqualTo(port);
        }
    }
}
