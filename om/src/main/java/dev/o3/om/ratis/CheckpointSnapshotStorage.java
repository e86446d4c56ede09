package dev.o3.om.ratis;

import dev.o3.om.db.OmStoreHolder;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.SnapshotRetentionPolicy;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.impl.FileListSnapshotInfo;
import org.apache.ratis.util.MD5FileUtil;

/**
 * OM's Ratis snapshots: each is a RocksDB checkpoint directory {@code checkpoint.<term>_<index>} in the state machine
 * directory. Ratis ships its files to a lagging follower, which installs them as its database. Only the latest
 * checkpoint is kept. Thread-safe (the latest snapshot is a volatile reference).
 */
final class CheckpointSnapshotStorage implements StateMachineStorage {
    private static final Pattern NAME = Pattern.compile("checkpoint\\.(\\d+)_(\\d+)");

    private volatile File stateMachineDir;
    private volatile FileListSnapshotInfo latest;

    @Override
    public void init(RaftStorage raftStorage) throws IOException {
        stateMachineDir = raftStorage.getStorageDir().getStateMachineDir();
        reload();
    }

    /** Re-reads the newest checkpoint directory (after start or after Ratis installed one). */
    Optional<Path> reload() throws IOException {
        Optional<Path> newest = checkpoints().stream().max(Comparator.comparingLong(CheckpointSnapshotStorage::index));
        latest = newest.isPresent() ? describe(newest.get(), termIndex(newest.get())) : null;
        return newest;
    }

    /** Where the checkpoint for {@code termIndex} goes; it must be complete before {@link #completed} is called. */
    Path pathFor(TermIndex termIndex) {
        return stateMachineDir.toPath().resolve("checkpoint." + termIndex.getTerm() + "_" + termIndex.getIndex());
    }

    Path temporaryPath(TermIndex termIndex) {
        return stateMachineDir.toPath().resolve("tmp-checkpoint." + termIndex.getTerm() + "_" + termIndex.getIndex());
    }

    void completed(Path checkpoint, TermIndex termIndex) throws IOException {
        latest = describe(checkpoint, termIndex);
        for (Path old : checkpoints()) {
            if (!old.equals(checkpoint)) {
                OmStoreHolder.deleteRecursively(old);
            }
        }
    }

    static TermIndex termIndex(Path checkpoint) {
        Matcher matcher = NAME.matcher(checkpoint.getFileName().toString());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a checkpoint directory: " + checkpoint);
        }
        return TermIndex.valueOf(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)));
    }

    private static long index(Path checkpoint) {
        return termIndex(checkpoint).getIndex();
    }

    private List<Path> checkpoints() throws IOException {
        Path dir = stateMachineDir.toPath();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(path -> Files.isDirectory(path)
                            && NAME.matcher(path.getFileName().toString()).matches())
                    .toList();
        }
    }

    private static FileListSnapshotInfo describe(Path checkpoint, TermIndex termIndex) throws IOException {
        List<FileInfo> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(checkpoint)) {
            for (Path file : entries.sorted().toList()) {
                if (Files.isRegularFile(file) && !file.toString().endsWith(MD5FileUtil.MD5_SUFFIX)) {
                    files.add(new FileInfo(file.toAbsolutePath(), MD5FileUtil.computeMd5ForFile(file.toFile())));
                }
            }
        }
        return new FileListSnapshotInfo(files, termIndex);
    }

    @Override
    public SnapshotInfo getLatestSnapshot() {
        return latest;
    }

    @Override
    public void format() {
        // Nothing to prepare: checkpoint directories are created on demand.
    }

    @Override
    public void cleanupOldSnapshots(SnapshotRetentionPolicy policy) {
        // completed() already keeps only the newest checkpoint.
    }
}
