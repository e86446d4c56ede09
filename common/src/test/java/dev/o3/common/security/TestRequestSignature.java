package dev.o3.common.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Metadata;
import org.junit.jupiter.api.Test;

class TestRequestSignature {
    private static final UserCredential ALICE = new UserCredential("alice", "alices-secret");

    @Test
    void verifiesUnderTheSignersSecretOnly() {
        RequestSignature signed = RequestSignature.sign(ALICE, "", false, "o3.om.X/CreateKey", 1234L);

        assertThat(signed.verify("alices-secret")).isTrue();
        assertThat(signed.verify("another-secret")).isFalse();
    }

    @Test
    void everySignedFieldCounts() {
        RequestSignature signed = RequestSignature.sign(ALICE, "bob", false, "o3.om.X/CreateKey", 1234L);
        String s = signed.signature();

        assertThat(new RequestSignature("alice", "carol", false, signed.method(), 1234L, signed.nonce(), s)
                        .verify(ALICE.secret()))
                .isFalse();
        assertThat(new RequestSignature("alice", "bob", true, signed.method(), 1234L, signed.nonce(), s)
                        .verify(ALICE.secret()))
                .isFalse();
        assertThat(new RequestSignature("alice", "bob", false, "o3.om.X/DeleteKey", 1234L, signed.nonce(), s)
                        .verify(ALICE.secret()))
                .isFalse();
        assertThat(new RequestSignature("alice", "bob", false, signed.method(), 1235L, signed.nonce(), s)
                        .verify(ALICE.secret()))
                .isFalse();
        assertThat(new RequestSignature("alice", "bob", false, signed.method(), 1234L, "00", s).verify(ALICE.secret()))
                .isFalse();
        assertThat(new RequestSignature("alice", "bob", false, signed.method(), 1234L, signed.nonce(), "zz")
                        .verify(ALICE.secret()))
                .isFalse();
    }

    @Test
    void eachSignatureHasItsOwnNonce() {
        assertThat(RequestSignature.sign(ALICE, "", false, "m", 1L).nonce())
                .isNotEqualTo(RequestSignature.sign(ALICE, "", false, "m", 1L).nonce());
    }

    @Test
    void headersCarryTheSignatureAndTheClaimedIdentity() {
        RequestSignature signed = RequestSignature.sign(ALICE, "bob", false, "m", 99L);
        Metadata headers = new Metadata();
        SignatureHeaders.put(headers, signed);
        headers.put(SignatureHeaders.USER, "bob");

        assertThat(SignatureHeaders.read(headers, "m")).contains(signed);
        assertThat(SignatureHeaders.read(new Metadata(), "m")).isEmpty();
    }
}
