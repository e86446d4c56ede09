package dev.o3.scm.server;

import dev.o3.proto.scm.NodeReport;
import dev.o3.proto.scm.PipelineReport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last node and pipeline reports of each datanode, as received, for {@code ozone admin datanode list} (volumes,
 * Ratis dirs, the dir of each raft group). Display only: SCM's decisions use the managers' state. Thread-safe.
 */
final class DatanodeReports {
    private final Map<String, NodeReport> nodeReports = new ConcurrentHashMap<>();
    private final Map<String, List<PipelineReport>> pipelineReports = new ConcurrentHashMap<>();

    void record(String datanodeUuid, NodeReport nodeReport, List<PipelineReport> pipelines, boolean hasNodeReport) {
        if (hasNodeReport) {
            nodeReports.put(datanodeUuid, nodeReport);
        }
        pipelineReports.put(datanodeUuid, List.copyOf(pipelines));
    }

    NodeReport nodeReport(String datanodeUuid) {
        return nodeReports.getOrDefault(datanodeUuid, NodeReport.getDefaultInstance());
    }

    List<PipelineReport> pipelineReports(String datanodeUuid) {
        return pipelineReports.getOrDefault(datanodeUuid, List.of());
    }
}
