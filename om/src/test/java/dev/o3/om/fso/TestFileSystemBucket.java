package dev.o3.om.fso;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.db.OmSchema;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CreateDirectoryRequest;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.PurgeRequest;
import dev.o3.proto.om.RenameKeyRequest;
import dev.o3.server.db.KeyValue;
import dev.o3.server.db.TableDefinition;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFileSystemBucket {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);
    private static final int FILES = 10_000;

    @TempDir
    Path directory;

    private final AtomicLong flushedRows = new AtomicLong();
    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory, 10_000, (transactions, rows, nanos) -> flushedRows.addAndGet(rows));
        namespace.volume("vol");
        namespace.bucket("vol", "fsbucket", BucketLayout.FILE_SYSTEM_OPTIMIZED);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void renameOfADirectoryWithTenThousandFilesIsOneTransactionWritingTwoRows() throws Exception {
        for (int i = 0; i < FILES; i++) {
            assertThat(namespace.key("vol", "fsbucket", "src/sub/file-" + i, 1)).isEqualTo(OmStatus.OK);
        }
        namespace.awaitFlushed();
        long indexBefore = namespace.lastIndex();
        long rowsBefore = flushedRows.get();

        assertThat(rename("src", "dst")).isEqualTo(OmStatus.OK);

        assertThat(namespace.lastIndex()).as("log entries for the rename").isEqualTo(indexBefore + 1);
        namespace.awaitFlushed();
        assertThat(flushedRows.get() - rowsBefore)
                .as("rows written by the rename")
                .isEqualTo(2);
        assertThat(lookup("dst/sub/file-9999").getName()).isEqualTo("dst/sub/file-9999");
        assertThat(status("src")).isEqualTo(OmStatus.KEY_NOT_FOUND);
        ListKeysResponse page =
                list(ListKeysRequest.newBuilder().setPrefix("dst/sub/").setMaxResults(1000));
        assertThat(page.getKeysCount()).isEqualTo(1000);
        assertThat(page.getTruncated()).isTrue();
    }

    @Test
    void recursiveDeleteIsOneStepAndChildrenAreReclaimedInTheBackground() throws Exception {
        for (int i = 0; i < 50; i++) {
            namespace.key("vol", "fsbucket", "dir/a/file-" + i, 1);
        }
        assertThat(delete("dir", false)).isEqualTo(OmStatus.DIRECTORY_NOT_EMPTY);
        long indexBefore = namespace.lastIndex();
        assertThat(delete("dir", true)).isEqualTo(OmStatus.OK);
        assertThat(namespace.lastIndex()).isEqualTo(indexBefore + 1);
        assertThat(status("dir/a/file-1")).isEqualTo(OmStatus.KEY_NOT_FOUND);

        for (int pass = 0; pass < 10 && !rows(OmSchema.DELETED_DIRECTORIES).isEmpty(); pass++) {
            List<String> deleted = rows(OmSchema.DELETED_DIRECTORIES);
            namespace.ok(
                    ADMIN,
                    PurgeRequest.parser(),
                    t -> t.setPurge(PurgeRequest.newBuilder()
                            .addAllDeletedDirectories(deleted)
                            .setMaxChildren(20)));
        }
        assertThat(rows(OmSchema.DELETED_DIRECTORIES)).isEmpty();
        assertThat(rows(OmSchema.DELETED_KEYS)).hasSize(50);
        assertThat(rows(OmSchema.FILES)).isEmpty();
        assertThat(rows(OmSchema.DIRECTORIES)).isEmpty();
    }

    @Test
    void directoriesStatusAndRules() throws Exception {
        assertThat(mkdir("a/b/c")).isEqualTo(OmStatus.OK);
        assertThat(mkdir("a/b")).as("mkdirs is idempotent").isEqualTo(OmStatus.OK);
        assertThat(mkdir("a/../x")).isEqualTo(OmStatus.INVALID_KEY_NAME);
        assertThat(namespace.key("vol", "fsbucket", "a/b/../../etc", 1)).isEqualTo(OmStatus.INVALID_KEY_NAME);
        assertThat(namespace.key("vol", "fsbucket", "a/b", 1)).isEqualTo(OmStatus.NOT_A_FILE);
        assertThat(namespace.key("vol", "fsbucket", "a/file", 1)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol", "fsbucket", "a/file/child", 1)).isEqualTo(OmStatus.FILE_ALREADY_EXISTS);
        assertThat(mkdir("a/file/child")).isEqualTo(OmStatus.FILE_ALREADY_EXISTS);

        KeyInfo dir = KeyReads.status(namespace.store(), ADMIN_CALLER, "vol", "fsbucket", "a/b");
        assertThat(dir.getIsDirectory()).isTrue();
        assertThat(dir.getName()).isEqualTo("a/b/");
        assertThat(KeyReads.status(namespace.store(), ADMIN_CALLER, "vol", "fsbucket", "a/file")
                        .getIsDirectory())
                .isFalse();

        assertThat(rename("a", "a/b/c/inside")).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(rename("a/file", "missing/file")).isEqualTo(OmStatus.DIRECTORY_NOT_FOUND);
        assertThat(rename("a/file", "a/b")).as("into an existing directory").isEqualTo(OmStatus.OK);
        assertThat(lookup("a/b/file").getName()).isEqualTo("a/b/file");
    }

    @Test
    void listingIsInFullPathOrder() throws Exception {
        for (String name : List.of("a/x", "a-b", "a/y/z", "b")) {
            assertThat(namespace.key("vol", "fsbucket", name, 1)).isEqualTo(OmStatus.OK);
        }
        ListKeysResponse all = list(ListKeysRequest.newBuilder());
        assertThat(all.getKeysList())
                .extracting(KeyInfo::getName)
                .containsExactly("a-b", "a/", "a/x", "a/y/", "a/y/z", "b");
        ListKeysResponse top = list(ListKeysRequest.newBuilder().setDelimiter("/"));
        assertThat(top.getKeysList()).extracting(KeyInfo::getName).containsExactly("a-b", "b");
        assertThat(top.getCommonPrefixesList()).containsExactly("a/");
        ListKeysResponse after = list(ListKeysRequest.newBuilder().setStartAfter("a/x"));
        assertThat(after.getKeysList()).extracting(KeyInfo::getName).containsExactly("a/y/", "a/y/z", "b");
    }

    private OmStatus rename(String from, String to) {
        return namespace.status(
                ADMIN,
                t -> t.setRenameKey(RenameKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("fsbucket")
                        .setFromName(from)
                        .setToName(to)));
    }

    private OmStatus delete(String name, boolean recursive) {
        return namespace.status(
                ADMIN,
                t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("fsbucket")
                        .setName(name)
                        .setRecursive(recursive)));
    }

    private OmStatus mkdir(String path) {
        return namespace.status(
                ADMIN,
                t -> t.setCreateDirectory(CreateDirectoryRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("fsbucket")
                        .setPath(path)));
    }

    private OmStatus status(String path) {
        try {
            KeyReads.status(namespace.store(), ADMIN_CALLER, "vol", "fsbucket", path);
            return OmStatus.OK;
        } catch (OmException e) {
            return e.status();
        }
    }

    private KeyInfo lookup(String name) throws OmException {
        return KeyReads.lookup(namespace.store(), ADMIN_CALLER, "vol", "fsbucket", name);
    }

    private ListKeysResponse list(ListKeysRequest.Builder request) throws OmException {
        return KeyReads.list(
                namespace.store(),
                ADMIN_CALLER,
                request.setVolume("vol").setBucket("fsbucket").build());
    }

    private List<String> rows(TableDefinition<String, ?> table) {
        return namespace.store().scan(table, "", "", Integer.MAX_VALUE).stream()
                .map(KeyValue::key)
                .toList();
    }
}
