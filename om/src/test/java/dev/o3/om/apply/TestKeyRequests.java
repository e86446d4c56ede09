package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.om.db.OmSchema;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.DeleteKeysRequest;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.RenameKeyRequest;
import dev.o3.proto.om.SetKeyTagsRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestKeyRequests {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void keyIsVisibleOnlyAfterCommit() throws Exception {
        var created = namespace.parse(namespace.apply(ADMIN, t -> t.setClientId(7)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName("a")
                        .addMetadata(KeyValue.newBuilder().setKey("k").setValue("v")))));
        assertThat(created.getClientId()).isEqualTo(7);
        assertThatThrownBy(() -> lookup("a")).satisfies(e -> assertStatus(e, OmStatus.KEY_NOT_FOUND));
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("a")
                                .setClientId(7)
                                .setSize(5)
                                .setEtag("e1"))))
                .isEqualTo(OmStatus.OK);
        KeyInfo key = lookup("a");
        assertThat(key.getSize()).isEqualTo(5);
        assertThat(key.getEtag()).isEqualTo("e1");
        assertThat(key.getMetadataList()).hasSize(1);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("a")
                                .setClientId(7))))
                .as("a session commits once")
                .isEqualTo(OmStatus.KEY_NOT_FOUND);
    }

    @Test
    void anEmptyKeyIsCommittedByItsCreateAlone() throws Exception {
        assertThat(namespace.key("vol", "obs", "e", 10)).isEqualTo(OmStatus.OK);
        var created = namespace.parse(namespace.apply(ADMIN, t -> t.setClientId(9)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName("e")
                        .setEmpty(true)
                        .addMetadata(KeyValue.newBuilder().setKey("k").setValue("v")))));

        KeyInfo key = lookup("e");
        assertThat(key.getSize()).isZero();
        assertThat(key.getBlocksList()).isEmpty();
        assertThat(key.getEtag()).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
        assertThat(key.getMetadataList()).hasSize(1);
        assertThat(created.getKey().getObjectId()).isEqualTo(key.getObjectId());
        assertThat(namespace.store().scan(OmSchema.OPEN_KEYS, "", "", 10))
                .as("no session is left open")
                .isEmpty();
        assertThat(deletedKeys()).as("the replaced 10-byte key's blocks").isEqualTo(1);
    }

    @Test
    void anEmptyKeyHasNoSize() {
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCreateKey(CreateKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("e")
                                .setEmpty(true)
                                .setSize(1))))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThatThrownBy(() -> lookup("e")).satisfies(e -> assertStatus(e, OmStatus.KEY_NOT_FOUND));
    }

    @Test
    void commitMetadataJoinsAndReplacesTheCreateMetadata() throws Exception {
        namespace.apply(ADMIN, t -> t.setClientId(8)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName("m")
                        .addMetadata(KeyValue.newBuilder().setKey("kept").setValue("1"))
                        .addMetadata(KeyValue.newBuilder().setKey("replaced").setValue("old"))));

        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("m")
                                .setClientId(8)
                                .setEtag("e")
                                .addCommitMetadata(
                                        KeyValue.newBuilder().setKey("replaced").setValue("new"))
                                .addCommitMetadata(
                                        KeyValue.newBuilder().setKey("added").setValue("2")))))
                .isEqualTo(OmStatus.OK);

        assertThat(lookup("m").getMetadataList())
                .extracting(KeyValue::getKey, KeyValue::getValue)
                .containsExactlyInAnyOrder(tuple("kept", "1"), tuple("replaced", "new"), tuple("added", "2"));
    }

    @Test
    void overwriteAndDeleteQueueBlocksForDeletion() throws Exception {
        assertThat(namespace.key("vol", "obs", "a", 10)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol", "obs", "a", 20)).isEqualTo(OmStatus.OK);
        assertThat(lookup("a").getSize()).isEqualTo(20);
        assertThat(deletedKeys()).isEqualTo(1);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("a"))))
                .isEqualTo(OmStatus.OK);
        assertThat(deletedKeys()).isEqualTo(2);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("a"))))
                .isEqualTo(OmStatus.KEY_NOT_FOUND);
    }

    @Test
    void deleteKeysReportsEachFailure() throws Exception {
        namespace.key("vol", "obs", "a", 1);
        DeleteKeysResponse response = namespace.ok(
                ADMIN,
                DeleteKeysResponse.parser(),
                t -> t.setDeleteKeys(DeleteKeysRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .addNames("a")
                        .addNames("missing")));
        assertThat(response.getDeletedList()).containsExactly("a");
        assertThat(response.getFailedNamesList()).containsExactly("missing");
        assertThat(response.getFailures(0).getStatus()).isEqualTo(OmStatus.KEY_NOT_FOUND);
    }

    @Test
    void renameAndTags() throws Exception {
        namespace.key("vol", "obs", "a", 1);
        namespace.key("vol", "obs", "b", 1);
        assertThat(rename("a", "b")).isEqualTo(OmStatus.KEY_ALREADY_EXISTS);
        assertThat(rename("missing", "c")).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(rename("a", "c")).isEqualTo(OmStatus.OK);
        assertThat(lookup("c").getName()).isEqualTo("c");
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setSetKeyTags(SetKeyTagsRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("c")
                                .addTags(KeyValue.newBuilder().setKey("team").setValue("o3")))))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup("c").getTags(0).getValue()).isEqualTo("o3");
    }

    @Test
    void badNamesAndMissingBucketsAreRefused() {
        assertThat(namespace.key("vol", "obs", "x".repeat(2000), 1)).isEqualTo(OmStatus.INVALID_KEY_NAME);
        assertThat(namespace.key("vol", "nope", "a", 1)).isEqualTo(OmStatus.BUCKET_NOT_FOUND);
        assertThat(namespace.key("nope", "nope", "a", 1)).isEqualTo(OmStatus.VOLUME_NOT_FOUND);
    }

    @Test
    void nonOwnersCannotWrite() {
        assertThat(namespace.status("mallory", t -> t.setClientId(1)
                        .setCreateKey(CreateKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("obs")
                                .setName("a"))))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void listingPagesPrefixesAndDelimiters() throws Exception {
        for (String name : List.of("a/1", "a/2", "a/b/3", "b", "c/1", "d")) {
            assertThat(namespace.key("vol", "obs", name, 1)).isEqualTo(OmStatus.OK);
        }
        ListKeysResponse all = list(ListKeysRequest.newBuilder());
        assertThat(names(all)).containsExactly("a/1", "a/2", "a/b/3", "b", "c/1", "d");
        assertThat(all.getTruncated()).isFalse();

        ListKeysResponse top = list(ListKeysRequest.newBuilder().setDelimiter("/"));
        assertThat(top.getCommonPrefixesList()).containsExactly("a/", "c/");
        assertThat(names(top)).containsExactly("b", "d");

        ListKeysResponse underA =
                list(ListKeysRequest.newBuilder().setPrefix("a/").setDelimiter("/"));
        assertThat(names(underA)).containsExactly("a/1", "a/2");
        assertThat(underA.getCommonPrefixesList()).containsExactly("a/b/");

        ListKeysResponse page1 = list(ListKeysRequest.newBuilder().setMaxResults(2));
        assertThat(names(page1)).containsExactly("a/1", "a/2");
        assertThat(page1.getTruncated()).isTrue();
        ListKeysResponse page2 =
                list(ListKeysRequest.newBuilder().setMaxResults(2).setStartAfter(page1.getNextStartAfter()));
        assertThat(names(page2)).containsExactly("a/b/3", "b");

        ListKeysResponse afterPrefix =
                list(ListKeysRequest.newBuilder().setDelimiter("/").setStartAfter("a/"));
        assertThat(afterPrefix.getCommonPrefixesList()).containsExactly("c/");
        assertThat(names(afterPrefix)).containsExactly("b", "d");
    }

    private OmStatus rename(String from, String to) {
        return namespace.status(
                ADMIN,
                t -> t.setRenameKey(RenameKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setFromName(from)
                        .setToName(to)));
    }

    private ListKeysResponse list(ListKeysRequest.Builder request) throws OmException {
        return KeyReads.list(
                namespace.store(),
                ADMIN_CALLER,
                request.setVolume("vol").setBucket("obs").build());
    }

    private static List<String> names(ListKeysResponse response) {
        return response.getKeysList().stream().map(KeyInfo::getName).toList();
    }

    private KeyInfo lookup(String name) throws OmException {
        return KeyReads.lookup(namespace.store(), ADMIN_CALLER, "vol", "obs", name);
    }

    private int deletedKeys() {
        return namespace.store().scan(OmSchema.DELETED_KEYS, "", "", 100).size();
    }

    static void assertStatus(Throwable e, OmStatus status) {
        assertThat(e).isInstanceOfSatisfying(OmException.class, refused -> assertThat(refused.status())
                .isEqualTo(status));
    }
}
