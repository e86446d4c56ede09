package dev.o3.s3gateway.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.auth.AuthResult;
import dev.o3.s3gateway.auth.ChunkSigner;
import dev.o3.s3gateway.auth.CredentialScope;
import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.auth.SignableRequest;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * aws-chunked decoding, signed with the chunk signatures of the AWS example (66560 bytes of 'a' in a 64 KiB and a
 * 1 KiB chunk) and unsigned with a trailing checksum.
 */
class TestAwsChunkedDecoder {
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    private static final CredentialScope SCOPE = new CredentialScope("20130524", "us-east-1", "s3");
    private static final String SEED = "4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9";
    private static final String CHUNK1 = "ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648";
    private static final String CHUNK2 = "0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497";
    private static final String FINAL = "b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9";

    private static ChunkSigner signer() {
        return new ChunkSigner(SigV4.signingKey(SECRET, SCOPE), "20130524T000000Z", SCOPE, SEED);
    }

    private static byte[] signedExample(String secondSignature) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] first = new byte[65536];
        byte[] second = new byte[1024];
        Arrays.fill(first, (byte) 'a');
        Arrays.fill(second, (byte) 'a');
        write(out, "10000;chunk-signature=" + CHUNK1 + "\r\n");
        out.write(first, 0, first.length);
        write(out, "\r\n400;chunk-signature=" + secondSignature + "\r\n");
        out.write(second, 0, second.length);
        write(out, "\r\n0;chunk-signature=" + FINAL + "\r\n\r\n");
        return out.toByteArray();
    }

    private static void write(ByteArrayOutputStream out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        out.write(bytes, 0, bytes.length);
    }

    private static byte[] drain(BodySource source) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (ByteBuf data = source.next(); data != null; data = source.next()) {
            byte[] bytes = new byte[data.readableBytes()];
            data.readBytes(bytes);
            data.release();
            out.write(bytes, 0, bytes.length);
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100, 8192, 70000})
    void decodesTheAwsSignedExampleAtAnyPieceSize(int pieceSize) {
        byte[] body = signedExample(CHUNK2);
        assertThat(body).hasSize(66824);
        BufferListSource source = new BufferListSource(body, pieceSize);

        byte[] decoded = drain(new AwsChunkedDecoder(source, signer(), false));

        assertThat(decoded).hasSize(66560).containsOnly((byte) 'a');
    }

    @Test
    void rejectsABadChunkSignature() {
        BufferListSource source = new BufferListSource(signedExample(CHUNK1), 4096);
        AwsChunkedDecoder decoder = new AwsChunkedDecoder(source, signer(), false);

        assertThatThrownBy(() -> drain(decoder))
                .isInstanceOf(S3Exception.class)
                .extracting(e -> ((S3Exception) e).code())
                .isEqualTo(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH);
        decoder.discard();
        source.releaseRest();
    }

    private static byte[] unsignedWithTrailer(byte[] data, String trailerValue) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, Integer.toHexString(data.length) + "\r\n");
        out.write(data, 0, data.length);
        write(out, "\r\n0\r\nx-amz-checksum-crc32:" + trailerValue + "\r\n\r\n");
        return out.toByteArray();
    }

    private static SignableRequest trailerRequest(long decodedLength) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("x-amz-content-sha256", List.of("STREAMING-UNSIGNED-PAYLOAD-TRAILER"));
        headers.put("content-encoding", List.of("aws-chunked"));
        headers.put("x-amz-trailer", List.of("x-amz-checksum-crc32"));
        headers.put("x-amz-decoded-content-length", List.of(Long.toString(decodedLength)));
        return new SignableRequest("PUT", "/bucket/key", List.of(), headers);
    }

    private static AuthResult auth(String payloadHash) {
        return AuthResult.signed(new S3Credentials("key", "secret", "alice"), payloadHash, signer());
    }

    private static String crc32(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        long value = crc.getValue();
        byte[] bytes = {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
        return Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void verifiesTheTrailingChecksumOfAnUnsignedBody() {
        byte[] data = "hello, trailing checksum".getBytes(StandardCharsets.UTF_8);
        BufferListSource source = new BufferListSource(unsignedWithTrailer(data, crc32(data)), 5);
        VerifyingBody body =
                BodyDecoding.decode(source, trailerRequest(data.length), auth("STREAMING-UNSIGNED-PAYLOAD-TRAILER"));

        assertThat(drain(body)).isEqualTo(data);
        assertThat(body.md5Hex()).hasSize(32);
    }

    @Test
    void rejectsAWrongTrailingChecksum() {
        byte[] data = "hello, trailing checksum".getBytes(StandardCharsets.UTF_8);
        BufferListSource source = new BufferListSource(unsignedWithTrailer(data, crc32(new byte[1])), 5);
        VerifyingBody body =
                BodyDecoding.decode(source, trailerRequest(data.length), auth("STREAMING-UNSIGNED-PAYLOAD-TRAILER"));

        assertThatThrownBy(() -> drain(body))
                .isInstanceOf(S3Exception.class)
                .extracting(e -> ((S3Exception) e).code())
                .isEqualTo(S3ErrorCode.BAD_DIGEST);
    }

    @Test
    void rejectsABodyShorterThanDeclared() {
        byte[] data = "short".getBytes(StandardCharsets.UTF_8);
        BufferListSource source = new BufferListSource(unsignedWithTrailer(data, crc32(data)), 3);
        VerifyingBody body = BodyDecoding.decode(
                source, trailerRequest(data.length + 1), auth("STREAMING-UNSIGNED-PAYLOAD-TRAILER"));

        assertThatThrownBy(() -> drain(body))
                .isInstanceOf(S3Exception.class)
                .extracting(e -> ((S3Exception) e).code())
                .isEqualTo(S3ErrorCode.INCOMPLETE_BODY);
    }

    @Test
    void verifiesASignedTrailer() {
        byte[] data = "signed trailer".getBytes(StandardCharsets.UTF_8);
        ChunkSigner signer = signer();
        String dataSignature =
                signer.chunkSignature(SEED, SigV4.hex(SigV4.sha256().digest(data)));
        String finalSignature = signer.chunkSignature(dataSignature, SigV4.EMPTY_SHA256);
        String checksum = crc32(data);
        String trailerSignature =
                signer.trailerSignature(finalSignature, SigV4.sha256Hex("x-amz-checksum-crc32:" + checksum + "\n"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, Integer.toHexString(data.length) + ";chunk-signature=" + dataSignature + "\r\n");
        out.write(data, 0, data.length);
        write(out, "\r\n0;chunk-signature=" + finalSignature + "\r\n");
        write(out, "x-amz-checksum-crc32:" + checksum + "\r\nx-amz-trailer-signature:" + trailerSignature + "\r\n\r\n");
        Map<String, List<String>> headers =
                new LinkedHashMap<>(trailerRequest(data.length).headers());
        headers.put("x-amz-content-sha256", List.of("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"));
        SignableRequest request = new SignableRequest("PUT", "/b/k", List.of(), headers);

        VerifyingBody body = BodyDecoding.decode(
                new BufferListSource(out.toByteArray(), 11),
                request,
                auth("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"));

        assertThat(drain(body)).isEqualTo(data);
    }

    @Test
    void computesTheCrc64NvmeCheckValue() {
        Crc64Nvme crc = new Crc64Nvme();
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        crc.update(check, 0, check.length);

        assertThat(crc.getValue()).isEqualTo(0xAE8B14860A799888L);
    }
}
