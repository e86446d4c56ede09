package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockToken;
import dev.o3.proto.hdds.ContainerTokenIdentifier;
import dev.o3.proto.hdds.SecretKeyProto;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestContainerTokenSigner {
    private static final long NOW = 1_000_000L;

    private static SecretKeyProto key(long id, long activation, long expiry, String secret) {
        return SecretKeyProto.newBuilder()
                .setId(id)
                .setActivationMillis(activation)
                .setExpiryMillis(expiry)
                .setKey(ByteString.copyFromUtf8(secret))
                .build();
    }

    private static ContainerTokenSigner signer(BlockTokenKeys keys, long nowMillis) {
        return new ContainerTokenSigner(
                keys, Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC), Duration.ofMinutes(1));
    }

    @Test
    void acceptsTheCurrentAndThePreviousKeyUntilTheyExpire() {
        BlockTokenKeys scm = BlockTokenKeys.fromScm();
        BlockTokenKeys datanode = BlockTokenKeys.fromScm();
        scm.update(List.of(key(1, 0, NOW + 10_000, "first")));
        ByteString old = signer(scm, NOW).sign(5, "admin");
        List<SecretKeyProto> rotated = List.of(key(1, 0, NOW + 10_000, "first"), key(2, NOW, NOW + 90_000, "second"));
        scm.update(rotated);
        datanode.update(rotated);
        ByteString current = signer(scm, NOW + 1).sign(5, "admin");

        assertThatCode(() -> signer(datanode, NOW + 2).check(old, 5)).doesNotThrowAnyException();
        assertThatCode(() -> signer(datanode, NOW + 2).check(current, 5)).doesNotThrowAnyException();
        assertThatThrownBy(() -> signer(datanode, NOW + 10_001).check(old, 5))
                .hasMessageContaining("signed with secret key 1, which this node does not know or which expired");
    }

    @Test
    void refusesMissingForgedExpiredAndOtherContainersTokens() throws Exception {
        BlockTokenKeys keys = BlockTokenKeys.fixed("secret");
        ByteString token = signer(keys, NOW).sign(5, "admin");
        ByteString forged = signer(BlockTokenKeys.fixed("guess"), NOW).sign(5, "admin");
        BlockToken parsed = BlockToken.parseFrom(token);
        ByteString widened = parsed.toBuilder()
                .setIdentifier(ContainerTokenIdentifier.parseFrom(parsed.getIdentifier()).toBuilder()
                        .setContainerId(6)
                        .build()
                        .toByteString())
                .build()
                .toByteString();

        assertThatThrownBy(() -> signer(keys, NOW).check(ByteString.EMPTY, 5))
                .hasMessageContaining("no container token for container 5");
        assertThatThrownBy(() -> signer(keys, NOW).check(forged, 5)).hasMessageContaining("bad signature");
        assertThatThrownBy(() -> signer(keys, NOW).check(widened, 6)).hasMessageContaining("bad signature");
        assertThatThrownBy(() -> signer(keys, NOW).check(token, 6))
                .hasMessageContaining("container token for container 5 used for container 6");
        assertThatThrownBy(() -> signer(keys, NOW + 60_000).check(token, 5))
                .hasMessageContaining("container token for container 5 of admin expired at");
        assertThatThrownBy(() -> signer(keys, NOW).check(ByteString.copyFromUtf8("junk"), 5))
                .isInstanceOf(BlockTokenException.class);
    }

    @Test
    void blockAndContainerTokensAreNotInterchangeable() {
        BlockTokenKeys keys = BlockTokenKeys.fixed("secret");
        BlockId block = BlockId.newBuilder().setContainerId(5).setLocalId(1).build();
        BlockTokenSigner blocks = new BlockTokenSigner(keys, Clock.systemUTC(), Duration.ofMinutes(1));
        ByteString blockToken = blocks.sign(block, Mode.WRITE, "alice");
        ByteString containerToken = blocks.containerTokens().sign(5, "admin");

        assertThatThrownBy(() -> blocks.containerTokens().check(blockToken, 5)).isInstanceOf(BlockTokenException.class);
        assertThatThrownBy(() -> blocks.check(containerToken, block, Mode.WRITE))
                .isInstanceOf(BlockTokenException.class);
    }
}
