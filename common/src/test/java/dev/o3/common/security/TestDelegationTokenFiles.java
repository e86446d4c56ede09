package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDelegationTokenFiles {
    private static final byte[] KEY = new byte[32];

    @TempDir
    Path directory;

    private static DelegationToken token() {
        ByteString identifier = DelegationTokenIdentifier.newBuilder()
                .setOwner("alice")
                .setRenewer("yarn")
                .setSequenceNumber(42)
                .setKeyId(3)
                .build()
                .toByteString();
        return DelegationToken.newBuilder()
                .setIdentifier(identifier)
                .setPassword(ByteString.copyFrom(DelegationTokens.password(KEY, identifier.toByteArray())))
                .setKind(DelegationTokens.KIND)
                .setService("om1:9862,om2:9862")
                .build();
    }

    @Test
    void aTokenFileKeepsTheTokenForItsOwnerOnly() throws Exception {
        Path file = directory.resolve("job.token");
        TokenFile.write(file, token());
        assertThat(TokenFile.read(file)).isEqualTo(token());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");

        Files.writeString(file, "access_key_id=alice\n");
        assertThatThrownBy(() -> TokenFile.read(file))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("not an O3 token file");
    }

    @Test
    void aTokenSignsAsItsOwnerWithItsPasswordNeverInTheAccessKey() {
        UserCredential credential = DelegationTokens.credentialOf(token());
        assertThat(credential.accessKeyId()).startsWith(DelegationTokens.ACCESS_KEY_PREFIX);
        assertThat(DelegationTokens.isToken(credential.accessKeyId())).isTrue();
        assertThat(DelegationTokens.userOf(credential)).isEqualTo("alice");
        assertThat(DelegationTokens.identifierBytes(credential.accessKeyId()))
                .isEqualTo(token().getIdentifier().toByteArray());
        assertThat(credential.secret())
                .isEqualTo(DelegationTokens.secretOf(token().getPassword().toByteArray()));
        assertThat(credential.accessKeyId()).doesNotContain(credential.secret());

        assertThat(DelegationTokens.userOf(new UserCredential("bob", "s"))).isEqualTo("bob");
        assertThat(DelegationTokens.ownerOf("dt:not base64!")).isEmpty();
    }
}
