package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.server.OzoneManagerServer;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Ratis' own metrics on {@code /prom}: the daemons of the embedded cluster share one JVM, so one set of Ratis metric
 * registries, and each must export those of its own Raft peer only (after the writes of the earlier scenarios).
 */
abstract class RatisMetricsScenario {
    private static final Pattern MEMBER = Pattern.compile("member=\"([^\"]+)\"");

    @Test
    void eachOmExportsTheRaftLogOfItsOwnPeer() throws IOException, InterruptedException {
        for (OzoneManagerServer om : cluster().oms()) {
            String text = PromMetrics.scrape("127.0.0.1", om.httpPort());

            assertThat(text).contains("o3_om_ratis_log_worker_flush_time_seconds_count{member=\"" + om.name() + "@");
            assertThat(members(text)).isNotEmpty().allMatch(member -> ownedBy(member, om.name()));
        }
    }

    @Test
    void eachDatanodeExportsTheRaftLogsOfItsOwnPeer() throws IOException, InterruptedException {
        for (int i = 0; i < cluster().datanodeCount(); i++) {
            DatanodeDetails datanode = cluster().datanode(i).datanodeDetails();
            String text = PromMetrics.scrape(datanode.getIpAddress(), datanode.getHttpPort());

            assertThat(text)
                    .contains("o3_datanode_ratis_log_worker_sync_time_seconds_count{member=\"" + datanode.getUuid()
                            + "@");
            assertThat(members(text)).isNotEmpty().allMatch(member -> ownedBy(member, datanode.getUuid()));
        }
    }

    private static List<String> members(String text) {
        return MEMBER.matcher(text).results().map(match -> match.group(1)).toList();
    }

    private static boolean ownedBy(String member, String peerId) {
        return member.equals(peerId) || member.startsWith(peerId + "@");
    }
}
