package dev.o3.datanode.ratis;

import dev.o3.datanode.config.RatisServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/** Builds the Ratis properties of a datanode's server from its typed configuration (as Ozone's XceiverServerRatis). */
final class RatisProperties {
    /** Largest gRPC message: a 32 MB chunk plus its metadata, or a batch of log entries. */
    private static final SizeInBytes MESSAGE_SIZE_MAX = SizeInBytes.valueOf(64L << 20);

    /** Closed log segments' entries a group keeps in memory; the open segment is always cached. */
    private static final SizeInBytes SEGMENT_CACHE_SIZE_MAX = SizeInBytes.valueOf(32L << 20);

    private static final TimeDuration ELECTION_SPREAD = TimeDuration.valueOf(200, TimeUnit.MILLISECONDS);

    private RatisProperties() {}

    static RaftProperties of(RatisServerConfig config, List<Path> ratisDirs, Optional<String> host, int port) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(
                properties, ratisDirs.stream().map(Path::toFile).toList());
        host.ifPresent(name -> GrpcConfigKeys.Server.setHost(properties, name));
        GrpcConfigKeys.Server.setPort(properties, port);
        GrpcConfigKeys.setMessageSizeMax(properties, MESSAGE_SIZE_MAX);

        TimeDuration electionMin = duration(config.electionTimeout());
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, electionMin);
        TimeDuration electionMax = electionMin.add(ELECTION_SPREAD);
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, electionMax);
        // A leader that lost its followers (e.g. a CPU stall) campaigns again after two election rounds, not
        // Ratis' fixed 10s: its log may be the only up-to-date one, so the group has no leader until it does.
        RaftServerConfigKeys.LeaderElection.setLeaderStepDownWaitTime(properties, electionMax.multiply(2));
        RaftServerConfigKeys.Rpc.setRequestTimeout(properties, duration(config.requestTimeout()));

        // Chunk data is state-machine data: written by the state machine, kept out of the log, never cached by Ratis.
        RaftServerConfigKeys.Log.StateMachineData.setSync(properties, true);
        RaftServerConfigKeys.Log.StateMachineData.setCachingEnabled(properties, true);
        RaftServerConfigKeys.Log.StateMachineData.setSyncTimeout(properties, duration(config.dataSyncTimeout()));

        SizeInBytes segment = SizeInBytes.valueOf(config.segmentSize().bytes());
        SizeInBytes appenderLimit = SizeInBytes.valueOf(Math.min(32L << 20, segment.getSize() - 8));
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, segment);
        RaftServerConfigKeys.Log.setPreallocatedSize(
                properties, SizeInBytes.valueOf(Math.min(4L << 20, segment.getSize())));
        RaftServerConfigKeys.Log.Appender.setBufferByteLimit(properties, appenderLimit);
        RaftServerConfigKeys.Log.setWriteBufferSize(properties, SizeInBytes.valueOf(appenderLimit.getSize() + 8));
        RaftServerConfigKeys.Log.setPurgeGap(properties, config.purgeGap());
        // Inline chunk data makes entries up to inlineDataMax long: keep fewer closed segments' entries in the heap.
        RaftServerConfigKeys.Log.setSegmentCacheSizeMax(properties, SEGMENT_CACHE_SIZE_MAX);

        // A follower behind the purged log cannot be rebuilt from a snapshot (it holds no chunk data); SCM replaces it.
        RaftServerConfigKeys.Log.Appender.setInstallSnapshotEnabled(properties, false);
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, config.snapshotThreshold());
        RaftServerConfigKeys.Snapshot.setRetentionFileNum(properties, 2);
        return properties;
    }

    private static TimeDuration duration(Duration duration) {
        return TimeDuration.valueOf(duration.toMillis(), TimeUnit.MILLISECONDS);
    }
}
