package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.HsyncKeyRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.SetTimesRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestHsyncAndTimes {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);
        namespace.bucket("vol", "fso", BucketLayout.FILE_SYSTEM_OPTIMIZED);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"obs", "fso"})
    void hsyncShowsTheDataSoFarAndCommitFreesNoSharedBlock(String bucket) throws Exception {
        namespace.apply(ADMIN, t -> t.setClientId(5)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket(bucket)
                        .setName("d/f")));
        assertThat(hsync(bucket, 100, List.of(block(1, 100)))).isEqualTo(OmStatus.OK);
        assertThat(lookup(bucket, "d/f").getSize()).isEqualTo(100);
        assertThat(hsync(bucket, 300, List.of(block(1, 200), block(2, 100)))).isEqualTo(OmStatus.OK);
        KeyInfo synced = lookup(bucket, "d/f");
        assertThat(synced.getSize()).isEqualTo(300);
        assertThat(synced.getBlocksList()).hasSize(2);
        assertThat(usage(bucket).getUsedNamespace()).isEqualTo(1);
        assertThat(usage(bucket).getUsedBytes()).isEqualTo(300);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket(bucket)
                                .setName("d/f")
                                .setClientId(5)
                                .setSize(400)
                                .addBlocks(block(1, 200))
                                .addBlocks(block(2, 200)))))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(bucket, "d/f").getSize()).isEqualTo(400);
        assertThat(namespace.store().scan(OmSchema.DELETED_KEYS, "", "", 10))
                .as("the final version keeps every synced block")
                .isEmpty();
        assertThat(usage(bucket).getUsedNamespace()).isEqualTo(1);
        assertThat(usage(bucket).getUsedBytes()).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"obs", "fso"})
    void setTimesChangesOnlyTheTimesGiven(String bucket) throws Exception {
        assertThat(namespace.key("vol", bucket, "t", 1)).isEqualTo(OmStatus.OK);
        assertThat(setTimes(bucket, "t", 1000, 2000)).isEqualTo(OmStatus.OK);
        assertThat(setTimes(bucket, "t", -1, 3000)).isEqualTo(OmStatus.OK);
        KeyInfo key = lookup(bucket, "t");
        assertThat(key.getModificationTimeMillis()).isEqualTo(1000);
        assertThat(key.getAccessTimeMillis()).isEqualTo(3000);
        assertThat(setTimes(bucket, "missing", 1, 1)).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(setTimes(bucket, "t", -5, 1)).isEqualTo(OmStatus.INVALID_REQUEST);
    }

    private OmStatus hsync(String bucket, long size, List<BlockLocation> blocks) {
        return namespace.status(
                ADMIN,
                t -> t.setHsyncKey(HsyncKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket(bucket)
                        .setName("d/f")
                        .setClientId(5)
                        .setSize(size)
                        .addAllBlocks(blocks)));
    }

    private OmStatus setTimes(String bucket, String path, long modified, long accessed) {
        return namespace.status(
                ADMIN,
                t -> t.setSetTimes(SetTimesRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket(bucket)
                        .setPath(path)
                        .setModificationTimeMillis(modified)
                        .setAccessTimeMillis(accessed)));
    }

    private static BlockLocation block(long localId, long length) {
        return BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(localId))
                .setLength(length)
                .build();
    }

    private BucketInfo usage(String bucket) {
        return namespace
                .store()
                .get(OmSchema.BUCKETS, RowKeys.bucket("vol", bucket))
                .orElseThrow();
    }

    private KeyInfo lookup(String bucket, String name) throws OmException {
        return KeyReads.lookup(namespace.store(), ADMIN_CALLER, "vol", bucket, name);
    }
}
