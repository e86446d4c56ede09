package dev.o3.client.io;

import dev.o3.client.config.ClientConfig;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Datanode connections shared by every stream of one client: one {@link PipelineChannel} per pipeline and one
 * {@link ReplicaChannel} per datanode, opened on first use and kept until {@link #close()} (or until a failed pipeline
 * is dropped with {@link #forget(Pipeline)}). Thread-safe.
 */
public final class DatanodeClients implements AutoCloseable {
    private final ClientConfig config;
    private final DatanodeTransport transport;
    private final Map<String, PipelineChannel> pipelines = new ConcurrentHashMap<>();
    private final Map<String, ReplicaChannel> replicas = new ConcurrentHashMap<>();

    public DatanodeClients(ClientConfig config, DatanodeTransport transport) {
        this.config = config;
        this.transport = transport;
    }

    public ClientConfig config() {
        return config;
    }

    public PipelineChannel pipeline(Pipeline pipeline) {
        return pipelines.computeIfAbsent(pipeline.getId(), id -> transport.openPipeline(pipeline));
    }

    public ReplicaChannel replica(DatanodeDetails datanode) {
        return replicas.computeIfAbsent(datanode.getUuid(), id -> transport.openReplica(datanode));
    }

    /** Closes and drops the channel of a pipeline that failed, so a later use reconnects. */
    public void forget(Pipeline pipeline) {
        PipelineChannel channel = pipelines.remove(pipeline.getId());
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    public void close() {
        pipelines.values().forEach(PipelineChannel::close);
        pipelines.clear();
        replicas.clear();
        transport.close();
    }
}
