package dev.o3.client.io;

import dev.o3.client.config.ClientConfig;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Datanode connections shared by every stream of one client: one {@link PipelineChannel} per pipeline and one
 * {@link ReplicaChannel} per datanode, opened on first use and kept until {@link #close()}: a failure seen by one
 * writer must not cut off the others, and Ratis and gRPC reconnect by themselves; and the {@link WriteBudget},
 * {@link ShortCircuitReads} and {@link SmallBlockCache} the streams share. Thread-safe.
 */
public final class DatanodeClients implements AutoCloseable {
    private final ClientConfig config;
    private final DatanodeTransport transport;
    private final WriteBudget writeBudget;
    private final ShortCircuitReads shortCircuitReads;
    private final SmallBlockCache smallBlocks;
    private final Map<String, PipelineChannel> pipelines = new ConcurrentHashMap<>();
    private final Map<String, ReplicaChannel> replicas = new ConcurrentHashMap<>();

    public DatanodeClients(ClientConfig config, DatanodeTransport transport) {
        this.config = config;
        this.transport = transport;
        this.writeBudget = new WriteBudget(config.writeBufferMax().bytes());
        this.shortCircuitReads = new ShortCircuitReads(config.shortCircuitReads(), config.shortCircuitCacheBlocks());
        this.smallBlocks = new SmallBlockCache(config.smallBlocksCache().bytes());
    }

    public ClientConfig config() {
        return config;
    }

    /** The chunk data budget shared by every key stream of this client. */
    public WriteBudget writeBudget() {
        return writeBudget;
    }

    ShortCircuitReads shortCircuitReads() {
        return shortCircuitReads;
    }

    SmallBlockCache smallBlocks() {
        return smallBlocks;
    }

    public PipelineChannel pipeline(Pipeline pipeline) {
        return pipelines.computeIfAbsent(pipeline.getId(), id -> transport.openPipeline(pipeline));
    }

    public ReplicaChannel replica(DatanodeDetails datanode) {
        return replicas.computeIfAbsent(datanode.getUuid(), id -> transport.openReplica(datanode));
    }

    @Override
    public void close() {
        pipelines.values().forEach(PipelineChannel::close);
        pipelines.clear();
        replicas.clear();
        transport.close();
    }
}
