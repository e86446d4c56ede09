package dev.o3.minicluster;

/** The part a node of a {@link MiniO3Cluster} plays. */
public enum NodeRole {
    SCM,
    OM,
    DATANODE,
    S3_GATEWAY
}
