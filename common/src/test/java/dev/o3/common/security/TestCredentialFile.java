package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCredentialFile {
    @TempDir
    Path directory;

    @Test
    void writtenForItsOwnerOnlyAndReadBack() throws Exception {
        Path file = directory.resolve(".ozone").resolve("credentials");
        UserCredential alice = new UserCredential("alice", "s3cr3t");

        CredentialFile.write(file, alice);

        assertThat(CredentialFile.read(file)).contains(alice);
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(file.getParent()))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(alice.toString()).doesNotContain("s3cr3t");
    }

    @Test
    void aMissingFileIsNoCredentialAndAnIncompleteOneAnError() throws Exception {
        assertThat(CredentialFile.read(directory.resolve("none"))).isEmpty();
        Path incomplete = Files.writeString(directory.resolve("incomplete"), "access_key_id=alice\n");

        assertThatThrownBy(() -> CredentialFile.read(incomplete))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("secret_access_key");
    }
}
