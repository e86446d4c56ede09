package dev.o3.hadoopfs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.security.DelegationTokens;
import dev.o3.proto.om.DelegationTokenIdentifier;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.junit.jupiter.api.Test;

class TestO3Tokens {
    private static Token<TokenIdentifier> token() {
        byte[] identifier = DelegationTokenIdentifier.newBuilder()
                .setOwner("alice")
                .setRenewer("yarn")
                .setIssueMillis(1_000)
                .setMaxMillis(2_000)
                .setSequenceNumber(42)
                .build()
                .toByteArray();
        return new Token<>(
                identifier, new byte[] {1, 2, 3}, new Text(DelegationTokens.KIND), new Text("om1:9862,om2:9862"));
    }

    @Test
    void hadoopDecodesTheIdentifierThroughTheServiceLoader() throws Exception {
        Token<TokenIdentifier> token = token();

        assertThat(token.decodeIdentifier()).isInstanceOfSatisfying(O3TokenIdentifier.class, decoded -> {
            assertThat(decoded.getKind()).isEqualTo(O3TokenIdentifier.KIND);
            assertThat(decoded.getUser().getShortUserName()).isEqualTo("alice");
            assertThat(decoded.identifier().getRenewer()).isEqualTo("yarn");
            assertThat(decoded.identifier().getSequenceNumber()).isEqualTo(42);
            assertThat(decoded.getBytes()).isEqualTo(token.getIdentifier());
        });
    }

    @Test
    void hadoopFindsTheRenewerForTheKind() throws Exception {
        assertThat(token().isManaged()).isTrue();
        assertThat(new O3TokenRenewer().handleKind(new Text("HDFS_DELEGATION_TOKEN")))
                .isFalse();
    }
}
