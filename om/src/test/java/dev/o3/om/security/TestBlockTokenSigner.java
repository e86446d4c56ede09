package dev.o3.om.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.om.security.BlockTokenSigner.Mode;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.om.BlockToken;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TestBlockTokenSigner {
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(7).setLocalId(42).build();
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private final BlockTokenSigner signer =
            new BlockTokenSigner("shared-secret", Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofHours(1));

    @Test
    void aTokenGrantsItsModeOnItsBlockUntilItExpires() {
        ByteString token =
                signer.sign(BLOCK.toBuilder().setBlockCommitSequenceId(9).build(), Mode.WRITE, "alice");

        assertThat(signer.verify(token, BLOCK, Mode.WRITE)).isTrue();
        assertThat(signer.verify(token, BLOCK, Mode.READ)).isFalse();
        assertThat(signer.verify(token, BLOCK.toBuilder().setLocalId(43).build(), Mode.WRITE))
                .isFalse();
        BlockTokenSigner later = new BlockTokenSigner(
                "shared-secret", Clock.fixed(NOW.plus(Duration.ofHours(2)), ZoneOffset.UTC), Duration.ofHours(1));
        assertThat(later.verify(token, BLOCK, Mode.WRITE)).as("expired").isFalse();
    }

    @Test
    void forgedOrDamagedTokensAreRefused() throws Exception {
        ByteString token = signer.sign(BLOCK, Mode.READ, "alice");
        BlockTokenSigner otherSecret =
                new BlockTokenSigner("another-secret", Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofHours(1));
        assertThat(otherSecret.verify(token, BLOCK, Mode.READ)).isFalse();

        BlockToken parsed = BlockToken.parseFrom(token);
        byte[] identifier = parsed.getIdentifier().toByteArray();
        identifier[identifier.length - 1] ^= 1;
        ByteString tampered = parsed.toBuilder()
                .setIdentifier(ByteString.copyFrom(identifier))
                .build()
                .toByteString();
        assertThat(signer.verify(tampered, BLOCK, Mode.READ)).isFalse();
        assertThat(signer.verify(ByteString.copyFromUtf8("garbage"), BLOCK, Mode.READ))
                .isFalse();
    }
}
