package dev.o3.om.ratis;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/** The Ratis settings of the OM's Raft server, derived from {@link OmRatisConfig}. Stateless. */
final class OmRatisProperties {
    private static final long PREALLOCATED_SEGMENT_BYTES = 4L << 20;

    private OmRatisProperties() {}

    static RaftProperties of(OmRatisConfig config) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(
                properties, List.of(config.storageDirectory().toFile()));
        GrpcConfigKeys.Server.setPort(properties, config.self().ratisAddress().port());
        long electionMillis = config.electionTimeout().toMillis();
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, TimeDuration.valueOf(electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setTimeoutMax(
                properties, TimeDuration.valueOf(2 * electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setRequestTimeout(
                properties, TimeDuration.valueOf(config.requestTimeout().toMillis(), TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Read.setOption(properties, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
        RaftServerConfigKeys.Read.setLeaderLeaseEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, config.snapshotThreshold());
        // A follower that misses purged entries installs the leader's checkpoint instead.
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
        RaftServerConfigKeys.Log.setPurgeGap(properties, config.purgeGap());
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf(config.segmentSize()));
        RaftServerConfigKeys.Log.setPreallocatedSize(
                properties, SizeInBytes.valueOf(Math.min(config.segmentSize(), PREALLOCATED_SEGMENT_BYTES)));
        return properties;
    }
}
