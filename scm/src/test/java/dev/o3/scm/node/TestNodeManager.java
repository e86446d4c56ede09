package dev.o3.scm.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.testing.FakeClock;
import dev.o3.scm.topology.RackMapping;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestNodeManager {
    private static final Duration STALE = Duration.ofSeconds(30);
    private static final Duration DEAD = Duration.ofSeconds(90);

    private final FakeClock clock = new FakeClock();
    private final List<String> events = new ArrayList<>();
    private final NodeManager nodes = new NodeManager(
            "scm-test",
            clock,
            STALE,
            DEAD,
            RackMapping.of(Map.of("host-a", "/rack-a", "10.0.0.2", "/rack-b")),
            new NodeEventListener() {
                @Override
                public void onRegistered(DatanodeDescriptor datanode) {
                    events.add("registered " + datanode.uuid());
                }

                @Override
                public void onStateChange(DatanodeDescriptor datanode, NodeState previous, NodeState current) {
                    events.add(datanode.uuid() + " " + previous + "->" + current);
                }
            });

    @Test
    void rackComesFromTopologyTableByHostThenAddress() {
        assertThat(nodes.register(datanode("dn1", "host-a", "10.0.0.1"), new RatisDirs(1, 0))
                        .rack())
                .isEqualTo("/rack-a");
        assertThat(nodes.register(datanode("dn2", "host-b", "10.0.0.2"), new RatisDirs(1, 0))
                        .rack())
                .isEqualTo("/rack-b");
        assertThat(nodes.register(datanode("dn3", "host-c", "10.0.0.3"), new RatisDirs(1, 0))
                        .rack())
                .isEqualTo(RackMapping.DEFAULT_RACK);
    }

    @Test
    void operationalStateSurvivesHeartbeatsHealthChangesAndReRegistration() {
        nodes.register(datanode("dn1", "host-a", "10.0.0.1"), new RatisDirs(1, 0));
        assertThat(nodes.status("dn1").orElseThrow().operational()).isEqualTo(OperationalState.IN_SERVICE);
        OperationalState decommissioning = new OperationalState(NodeOperationalState.DECOMMISSIONING);

        assertThat(nodes.setOperationalState("dn1", decommissioning)).isTrue();
        nodes.heartbeat("dn1", Optional.of(new RatisDirs(2, 0)));
        clock.advance(DEAD);
        nodes.checkHealth();
        assertThat(nodes.status("dn1").orElseThrow().operational()).isEqualTo(decommissioning);
        nodes.register(datanode("dn1", "host-a", "10.0.0.1"), new RatisDirs(1, 0));

        assertThat(nodes.status("dn1").orElseThrow().operational()).isEqualTo(decommissioning);
        assertThat(nodes.setOperationalState("unknown", decommissioning)).isFalse();
    }

    @Test
    void silenceMakesNodeStaleThenDeadAndHeartbeatHealsIt() {
        nodes.register(datanode("dn1", "host-a", "10.0.0.1"), new RatisDirs(2, 0));

        clock.advance(STALE.minusSeconds(1));
        assertThat(nodes.checkHealth()).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        assertThat(nodes.checkHealth()).extracting(DatanodeStatus::state).containsExactly(NodeState.STALE);
        clock.advance(DEAD.minus(STALE));
        assertThat(nodes.checkHealth()).extracting(DatanodeStatus::state).containsExactly(NodeState.DEAD);
        assertThat(nodes.healthy()).isEmpty();

        assertThat(nodes.heartbeat("dn1", Optional.of(new RatisDirs(3, 0)))).isTrue();

        assertThat(nodes.status("dn1").orElseThrow().state()).isEqualTo(NodeState.HEALTHY);
        assertThat(nodes.status("dn1").orElseThrow().ratisDirs()).isEqualTo(new RatisDirs(3, 0));
        assertThat(events)
                .containsExactly("registered dn1", "dn1 HEALTHY->STALE", "dn1 STALE->DEAD", "dn1 DEAD->HEALTHY");
    }

    @Test
    void heartbeatsKeepNodeHealthy() {
        nodes.register(datanode("dn1", "host-a", "10.0.0.1"), new RatisDirs(1, 0));
        for (int i = 0; i < 10; i++) {
            clock.advance(STALE.dividedBy(2));
            nodes.heartbeat("dn1", Optional.empty());
            assertThat(nodes.checkHealth()).isEmpty();
        }
        assertThat(nodes.status("dn1").orElseThrow().ratisDirs()).isEqualTo(new RatisDirs(1, 0));
    }

    @Test
    void unknownNodeMustRegisterAgain() {
        assertThat(nodes.heartbeat("ghost", Optional.empty())).isFalse();
    }

    static DatanodeDescriptor datanode(String uuid, String host, String ip) {
        return new DatanodeDescriptor(uuid, host, ip, "", new DatanodePorts(9858, 9859, 9886, 9882));
    }
}
