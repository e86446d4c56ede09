package dev.o3.datanode.server;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.ratis.PipelineStatus;
import dev.o3.datanode.ratis.RatisServer;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.hdds.DatanodeDetails;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON of the datanode's {@code /status} page and the container counts of its metrics. Stateless. */
final class DatanodeStatus {
    private DatanodeStatus() {}

    static Map<String, Object> of(
            DatanodeDetails details, VolumeSet volumes, ContainerSet containers, RatisServer ratis) {
        Map<String, Object> status = new LinkedHashMap<>();
        if (details != null) {
            status.put("uuid", details.getUuid());
            status.put("host", details.getHostName());
            status.put("ratisPort", details.getRatisPort());
            status.put("standalonePort", details.getStandalonePort());
        }
        List<Map<String, Object>> volumeList = new ArrayList<>();
        for (DataVolume volume : volumes.all()) {
            volumeList.add(Map.of(
                    "path", volume.root().toString(),
                    "failed", volume.isFailed(),
                    "available", volume.usage().available()));
        }
        status.put("volumes", volumeList);
        List<Map<String, Object>> pipelines = new ArrayList<>();
        for (PipelineStatus pipeline : ratis.pipelines()) {
            pipelines.add(Map.of(
                    "id", pipeline.pipelineId(),
                    "leader", pipeline.leader(),
                    "term", pipeline.term(),
                    "ratisDir", pipeline.ratisDir()));
        }
        status.put("pipelines", pipelines);
        status.put("ratisDirs", ratis.groupsPerDir());
        status.put("failedRatisDirs", ratis.failedDirs());
        status.put("containers", containerCounts(containers));
        return status;
    }

    /** Container replicas per state, every state listed. */
    static Map<String, Long> containerCounts(ContainerSet containers) {
        Map<ReplicaState, Long> counts = new EnumMap<>(ReplicaState.class);
        for (ReplicaState state : ReplicaState.values()) {
            counts.put(state, 0L);
        }
        for (Container container : containers.all()) {
            counts.merge(container.state(), 1L, Long::sum);
        }
        Map<String, Long> named = new LinkedHashMap<>();
        counts.forEach((state, count) -> named.put(state.name(), count));
        return named;
    }
}
