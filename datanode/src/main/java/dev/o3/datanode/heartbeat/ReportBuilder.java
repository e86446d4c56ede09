package dev.o3.datanode.heartbeat;

import dev.o3.datanode.cache.CacheStatus;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.ratis.PipelineStatus;
import dev.o3.datanode.ratis.RatisServer;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSchema;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.datanode.volume.VolumeUsage;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.scm.CacheReport;
import dev.o3.proto.scm.ContainerReplicaReport;
import dev.o3.proto.scm.NodeReport;
import dev.o3.proto.scm.PipelineReport;
import dev.o3.proto.scm.RatisDirReport;
import dev.o3.proto.scm.StorageReport;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds the reports a datanode sends to SCM: volumes, Ratis dirs and the SSD cache (node report), container replicas
 * and pipelines with role and log dir. Containers of failed volumes are absent (missing). Thread-safe.
 */
public final class ReportBuilder {
    private final VolumeSet volumes;
    private final ContainerSet containers;
    private final RatisServer ratis;
    private final Supplier<CacheStatus> cache;

    public ReportBuilder(VolumeSet volumes, ContainerSet containers, RatisServer ratis, Supplier<CacheStatus> cache) {
        this.volumes = volumes;
        this.containers = containers;
        this.ratis = ratis;
        this.cache = cache;
    }

    public NodeReport nodeReport() {
        NodeReport.Builder report = NodeReport.newBuilder();
        for (DataVolume volume : volumes.all()) {
            VolumeUsage usage = volume.usage();
            report.addVolumes(StorageReport.newBuilder()
                    .setPath(volume.root().toString())
                    .setCapacity(usage.capacity())
                    .setUsed(usage.used())
                    .setAvailable(usage.available())
                    .setFailed(volume.isFailed())
                    .setFull(volume.isFull()));
        }
        Set<String> failed = ratis.failedDirs();
        for (Map.Entry<String, Integer> dir : ratis.groupsPerDir().entrySet()) {
            report.addRatisDirs(RatisDirReport.newBuilder()
                    .setPath(dir.getKey())
                    .setGroupCount(dir.getValue())
                    .setFailed(failed.contains(dir.getKey())));
        }
        CacheStatus status = cache.get();
        if (!status.dir().isEmpty()) {
            report.setCache(CacheReport.newBuilder()
                    .setMode(status.mode())
                    .setReason(status.reason())
                    .setDir(status.dir())
                    .setCapacity(status.capacityBytes())
                    .setUsed(status.usedBytes()));
        }
        return report.build();
    }

    public List<ContainerReplicaReport> containerReports() {
        return containers.all().stream().map(ReportBuilder::report).toList();
    }

    public List<PipelineReport> pipelineReports() {
        return ratis.pipelines().stream().map(ReportBuilder::report).toList();
    }

    private static ContainerReplicaReport report(Container container) {
        ContainerRecord record = container.record();
        return ContainerReplicaReport.newBuilder()
                .setContainerId(record.id())
                .setState(ContainerState.forNumber(VolumeSchema.stateNumber(record.state())))
                .setUsedBytes(record.usedBytes())
                .setKeyCount(record.blockCount())
                .setBlockCommitSequenceId(record.bcsid())
                .setPipelineId(record.pipelineId())
                .setVolume(container.volume().root().toString())
                .build();
    }

    private static PipelineReport report(PipelineStatus status) {
        return PipelineReport.newBuilder()
                .setPipelineId(status.pipelineId())
                .setIsLeader(status.leader())
                .setTerm(status.term())
                .setRatisDir(status.ratisDir())
                .setLogFailed(status.logFailed())
                .build();
    }
}
