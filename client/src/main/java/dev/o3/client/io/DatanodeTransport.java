package dev.o3.client.io;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;

/** Opens connections to pipelines and replicas; {@link DatanodeClients} caches what it opens. */
public interface DatanodeTransport extends AutoCloseable {
    PipelineChannel openPipeline(Pipeline pipeline);

    ReplicaChannel openReplica(DatanodeDetails datanode);

    @Override
    void close();
}
