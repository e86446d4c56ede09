package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockToken;
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
    void aTokenGrantsItsModeOnItsBlockUntilItExpires() throws Exception {
        ByteString token =
                signer.sign(BLOCK.toBuilder().setBlockCommitSequenceId(9).build(), Mode.WRITE, "alice");

        signer.check(token, BLOCK, Mode.WRITE);
        assertThatThrownBy(() -> signer.check(token, BLOCK, Mode.READ)).hasMessageContaining("grants WRITE, not READ");
        assertThatThrownBy(() ->
                        signer.check(token, BLOCK.toBuilder().setLocalId(43).build(), Mode.WRITE))
                .hasMessageContaining("block token for 7/42 used for 7/43");
        BlockTokenSigner later = new BlockTokenSigner(
                "shared-secret", Clock.fixed(NOW.plus(Duration.ofHours(2)), ZoneOffset.UTC), Duration.ofHours(1));
        assertThatThrownBy(() -> later.check(token, BLOCK, Mode.WRITE))
                .isInstanceOf(BlockTokenException.class)
                .hasMessageContaining("of alice expired at 2026-01-01T01:00:00Z");
    }

    @Test
    void missingForgedOrDamagedTokensAreRefused() throws Exception {
        ByteString token = signer.sign(BLOCK, Mode.READ, "alice");
        BlockTokenSigner otherSecret =
                new BlockTokenSigner("another-secret", Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofHours(1));
        assertThatThrownBy(() -> otherSecret.check(token, BLOCK, Mode.READ)).hasMessageContaining("bad signature");

        BlockToken parsed = BlockToken.parseFrom(token);
        byte[] identifier = parsed.getIdentifier().toByteArray();
        identifier[identifier.length - 1] ^= 1;
        ByteString tampered = parsed.toBuilder()
                .setIdentifier(ByteString.copyFrom(identifier))
                .build()
                .toByteString();
        assertThatThrownBy(() -> signer.check(tampered, BLOCK, Mode.READ)).hasMessageContaining("bad signature");
        assertThatThrownBy(() -> signer.check(ByteString.copyFromUtf8("garbage"), BLOCK, Mode.READ))
                .hasMessageContaining("malformed");
        assertThatThrownBy(() -> signer.check(ByteString.EMPTY, BLOCK, Mode.READ))
                .hasMessageContaining("no block token for block 7/42");
    }
}
