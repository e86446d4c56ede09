package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.SecretKeyProto;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestBlockTokenKeys {
    private static final long NOW = 1_000_000L;
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(7).setLocalId(42).build();

    private static SecretKeyProto key(long id, long activation, long expiry, String secret) {
        return SecretKeyProto.newBuilder()
                .setId(id)
                .setActivationMillis(activation)
                .setExpiryMillis(expiry)
                .setKey(ByteString.copyFromUtf8(secret))
                .build();
    }

    private static BlockTokenSigner signer(BlockTokenKeys keys, long nowMillis) {
        return new BlockTokenSigner(
                keys, Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC), Duration.ofHours(1));
    }

    @Test
    void signsWithTheNewestActiveKeyAndAcceptsTheEarlierOnesUntilTheyExpire() throws Exception {
        BlockTokenKeys om = BlockTokenKeys.fromScm();
        BlockTokenKeys datanode = BlockTokenKeys.fromScm();
        SecretKeyProto first = key(1, 0, NOW + 10_000, "first");
        SecretKeyProto second = key(2, NOW + 5_000, NOW + 20_000, "second");
        om.update(List.of(second, first));
        datanode.update(List.of(first, second));

        ByteString beforeActivation = signer(om, NOW).sign(BLOCK, Mode.WRITE, "alice");
        ByteString afterActivation = signer(om, NOW + 6_000).sign(BLOCK, Mode.WRITE, "alice");

        assertThat(om.signingKey(NOW)).contains(first);
        assertThat(om.signingKey(NOW + 6_000)).contains(second);
        signer(datanode, NOW + 6_000).check(beforeActivation, BLOCK, Mode.WRITE);
        signer(datanode, NOW + 6_000).check(afterActivation, BLOCK, Mode.WRITE);
        assertThatThrownBy(() -> signer(datanode, NOW + 10_001).check(beforeActivation, BLOCK, Mode.WRITE))
                .isInstanceOf(BlockTokenException.class)
                .hasMessageContaining("secret key 1");
    }

    @Test
    void aTokenNeverOutlivesItsKey() {
        BlockTokenKeys keys = BlockTokenKeys.fromScm();
        keys.update(List.of(key(1, 0, NOW + 1_000, "k")));
        ByteString token = signer(keys, NOW).sign(BLOCK, Mode.READ, "alice");

        assertThatThrownBy(() -> signer(keys, NOW + 1_000).check(token, BLOCK, Mode.READ))
                .isInstanceOf(BlockTokenException.class);
    }

    @Test
    void anUnknownKeyAndNoKeyAtAllAreRefused() {
        BlockTokenKeys om = BlockTokenKeys.fromScm();
        assertThatThrownBy(() -> signer(om, NOW).sign(BLOCK, Mode.READ, "alice"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no block-token key");
        om.update(List.of(key(3, 0, NOW + 1_000, "three")));
        ByteString token = signer(om, NOW).sign(BLOCK, Mode.READ, "alice");
        BlockTokenKeys stale = BlockTokenKeys.fromScm();
        stale.update(List.of(key(2, 0, NOW + 1_000, "two")));

        assertThatThrownBy(() -> signer(stale, NOW).check(token, BLOCK, Mode.READ))
                .isInstanceOf(BlockTokenException.class)
                .hasMessageContaining("secret key 3, which this node does not know");
    }
}
