package dev.o3.scm.pipeline.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class TestPipelinePlacement {
    private static final Logger LOG = LoggerFactory.getLogger(TestPipelinePlacement.class);
    private static final int NO_CAP = Integer.MAX_VALUE;

    static Stream<Arguments> balancedTopologies() {
        int[] nodeCounts = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 20, 25, 31, 50, 64, 99, 100, 128, 250, 333, 500};
        List<Arguments> cases = new ArrayList<>();
        for (int nodes : nodeCounts) {
            for (int limit = 1; limit <= 8; limit++) {
                for (int racks = 1; racks <= 10; racks++) {
                    // Balanced racks: every rack holds at least two nodes, so it can give the pair of a 2+1 pipeline.
                    if (racks == 1 || nodes >= 2 * racks) {
                        cases.add(Arguments.of(nodes, limit, racks));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "N={0} M={1} racks={2}")
    @MethodSource("balancedTopologies")
    void fillsBalancedTopology(int nodes, int limit, int racks) {
        SimulatedTopology topology = SimulatedTopology.balanced(nodes, racks, limit);

        PlacementResult result = topology.placeUpTo(NO_CAP);

        assertThat(result.pipelines()).hasSize(limit * nodes / 3);
        assertBalanced(topology, limit);
        if (racks >= 2) {
            assertThat(result.rackFallbacks()).isZero();
            assertThat(topology.pipelines())
                    .allSatisfy(p -> assertThat(topology.racksOf(p)).isEqualTo(2));
        } else {
            assertThat(result.rackFallbacks()).isEqualTo(result.pipelines().size());
        }
        assertSpread(topology.leaderCounts().values());
        // A second round finds nothing more to place.
        assertThat(topology.placeUpTo(NO_CAP).pipelines()).isEmpty();
    }

    @ParameterizedTest(name = "N={0} M={1} racks={2} cap=N/2")
    @MethodSource("cappedTopologies")
    void respectsClusterCap(int nodes, int limit, int racks) {
        SimulatedTopology topology = SimulatedTopology.balanced(nodes, racks, limit);
        int cap = nodes / 2;

        topology.placeUpTo(cap);

        assertThat(topology.pipelines()).hasSize(Math.min(cap, limit * nodes / 3));
        assertBalanced(topology, limit);
    }

    static Stream<Arguments> cappedTopologies() {
        return Stream.of(
                Arguments.of(10, 2, 2), Arguments.of(30, 8, 3), Arguments.of(100, 4, 5), Arguments.of(500, 8, 10));
    }

    @Test
    void threeNodesShareTheirPipelinesWithDifferentLeaders() {
        SimulatedTopology topology = SimulatedTopology.balanced(3, 1, 3);

        topology.placeUpTo(NO_CAP);

        assertThat(topology.pipelines()).hasSize(3);
        assertThat(topology.leaderCounts().values()).containsOnly(1);
    }

    @Test
    void prefersDistinctNodeSets() {
        SimulatedTopology topology = SimulatedTopology.balanced(30, 3, 2);

        topology.placeUpTo(NO_CAP);

        assertThat(topology.distinctMemberSets()).isEqualTo(topology.pipelines().size());
    }

    @Test
    void places500NodesTimesEightWellUnderASecond() {
        long best = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            SimulatedTopology topology = SimulatedTopology.balanced(500, 10, 8);
            long start = System.nanoTime();
            topology.placeUpTo(NO_CAP);
            best = Math.min(best, System.nanoTime() - start);
            assertThat(topology.pipelines()).hasSize(1333);
        }
        LOG.info("placed 1333 pipelines on 500 nodes x 8 in {} ms (best of 5)", best / 1_000_000.0);
        assertThat(best).isLessThan(300_000_000L);
    }

    @Test
    void perNodeLimitsDerivedFromRatisDirsAreEachRespected() {
        SimulatedTopology topology = new SimulatedTopology();
        int slots = 0;
        for (int i = 0; i < 30; i++) {
            int limit = 2 * (1 + i % 3);
            topology.addNode("dn" + i, "/rack" + (i % 3), limit);
            slots += limit;
        }

        topology.placeUpTo(NO_CAP);

        assertThat(topology.pipelines()).hasSize(slots / 3);
        assertThat(topology.pipelineCounts()).allSatisfy((id, count) -> assertThat(count)
                .isEqualTo(2 * (1 + Integer.parseInt(id.substring(2)) % 3)));
        assertThat(topology.pipelines())
                .allSatisfy(p -> assertThat(topology.racksOf(p)).isEqualTo(2));
    }

    @Test
    void unbalancedRacksFallBackAndCountIt() {
        SimulatedTopology topology = new SimulatedTopology();
        for (int i = 0; i < 10; i++) {
            topology.addNode("big" + i, "/big", 2);
        }
        topology.addNode("small0", "/small", 2);

        PlacementResult result = topology.placeUpTo(NO_CAP);

        assertThat(result.pipelines()).hasSize(22 / 3);
        assertThat(result.rackFallbacks()).isPositive();
        assertThat(topology.pipelineCounts().values())
                .allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(2));
    }

    @Test
    void newNodeInFullClusterJoinsNewPipelines() {
        SimulatedTopology topology = SimulatedTopology.balanced(8, 2, 1);
        topology.placeUpTo(NO_CAP);
        assertThat(topology.pipelines()).hasSize(2);

        topology.addNode("dn-new", "/rack0", 1);
        PlacementResult added = topology.placeUpTo(NO_CAP);

        assertThat(added.pipelines()).hasSize(1);
        assertThat(added.pipelines().get(0).memberIds()).contains("dn-new");
        assertThat(topology.racksOf(added.pipelines().get(0))).isEqualTo(2);
    }

    @Test
    void deadNodeCapacityIsRefilledOnRemainingNodes() {
        SimulatedTopology topology = SimulatedTopology.balanced(12, 3, 2);
        topology.placeUpTo(NO_CAP);
        assertThat(topology.pipelines()).hasSize(8);

        topology.killNode("dn0");
        topology.placeUpTo(NO_CAP);

        assertThat(topology.pipelines()).hasSize(11 * 2 / 3);
        assertThat(topology.pipelines())
                .allSatisfy(p -> assertThat(p.memberIds()).doesNotContain("dn0"));
        assertThat(topology.pipelineCounts().values())
                .allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(2));
    }

    private static void assertBalanced(SimulatedTopology topology, int limit) {
        Map<String, Integer> counts = topology.pipelineCounts();
        assertThat(Collections.max(counts.values())).isLessThanOrEqualTo(limit);
        assertSpread(counts.values());
        assertThat(topology.pipelines())
                .allSatisfy(
                        p -> assertThat(p.memberIds()).doesNotHaveDuplicates().hasSize(3));
    }

    private static void assertSpread(Collection<Integer> counts) {
        assertThat(Collections.max(counts) - Collections.min(counts)).isLessThanOrEqualTo(1);
    }
}
