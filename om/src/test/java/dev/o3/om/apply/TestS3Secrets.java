package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.GetS3SecretRequest;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.RevokeS3SecretRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestS3Secrets {
    @TempDir
    Path directory;

    @Test
    void secretIsCreatedOnceReadByItsOwnerAndRevoked() {
        try (Namespace namespace = new Namespace(directory)) {
            assertThat(namespace.status("alice", t -> t.setGetS3Secret(GetS3SecretRequest.newBuilder())))
                    .isEqualTo(OmStatus.S3_SECRET_NOT_FOUND);
            GetS3SecretResponse created = namespace.ok("alice", GetS3SecretResponse.parser(), t -> t.setSecret("s1")
                    .setGetS3Secret(GetS3SecretRequest.newBuilder().setCreateIfAbsent(true)));
            assertThat(created.getAccessKey()).isEqualTo("alice");
            assertThat(created.getSecret()).isEqualTo("s1");
            GetS3SecretResponse again = namespace.ok("alice", GetS3SecretResponse.parser(), t -> t.setSecret("s2")
                    .setGetS3Secret(GetS3SecretRequest.newBuilder().setCreateIfAbsent(true)));
            assertThat(again.getSecret()).as("an existing secret is kept").isEqualTo("s1");

            assertThat(namespace.status(
                            "bob",
                            t -> t.setGetS3Secret(
                                    GetS3SecretRequest.newBuilder().setUser("alice"))))
                    .isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(namespace.status(
                            ADMIN,
                            t -> t.setGetS3Secret(
                                    GetS3SecretRequest.newBuilder().setUser("alice"))))
                    .isEqualTo(OmStatus.OK);
            assertThat(namespace.status("alice", t -> t.setRevokeS3Secret(RevokeS3SecretRequest.newBuilder())))
                    .isEqualTo(OmStatus.OK);
            assertThat(namespace.status("alice", t -> t.setRevokeS3Secret(RevokeS3SecretRequest.newBuilder())))
                    .isEqualTo(OmStatus.S3_SECRET_NOT_FOUND);
        }
    }
}
