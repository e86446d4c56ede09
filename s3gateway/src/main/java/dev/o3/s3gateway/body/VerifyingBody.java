package dev.o3.s3gateway.body;

import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The decoded request body with its checks: it computes the MD5 (the ETag) while data passes, and when the end is
 * reached it verifies the length, the signed SHA-256, {@code Content-MD5} and any {@code x-amz-checksum-*} value
 * (from a header or a trailer) before reporting the end, so a failed check surfaces before the caller commits.
 *
 * <p>Not thread-safe: one worker pulls it.
 */
public final class VerifyingBody implements BodySource {
    private final BodySource source;
    private final BodyExpectations expectations;
    private final Supplier<Map<String, String>> trailers;
    private final MessageDigest md5 = md5();
    private final MessageDigest sha256;
    private final ChecksumAlgorithm.Running checksum;
    private long length;
    private boolean ended;
    private byte[] md5Digest;
    private ObjectChecksum verifiedChecksum;

    VerifyingBody(BodySource source, BodyExpectations expectations, Supplier<Map<String, String>> trailers) {
        this.source = Objects.requireNonNull(source, "source is null");
        this.expectations = Objects.requireNonNull(expectations, "expectations is null");
        this.trailers = Objects.requireNonNull(trailers, "trailers is null");
        this.sha256 = expectations.sha256Hex().isPresent() ? SigV4.sha256() : null;
        this.checksum = expectations.checksum().map(ChecksumAlgorithm::start).orElse(null);
    }

    /** The decoded length when the client declared it, else -1. */
    public long expectedLength() {
        return expectations.length();
    }

    @Override
    public ByteBuf next() {
        if (ended) {
            return null;
        }
        ByteBuf data = source.next();
        if (data == null) {
            ended = true;
            verify();
            return null;
        }
        length += data.readableBytes();
        if (expectations.length() >= 0 && length > expectations.length()) {
            data.release();
            throw new S3Exception(S3ErrorCode.INVALID_REQUEST, "The body is longer than its declared length");
        }
        for (ByteBuffer buffer : data.nioBuffers()) {
            md5.update(buffer.duplicate());
            if (sha256 != null) {
                sha256.update(buffer.duplicate());
            }
            if (checksum != null) {
                checksum.update(buffer.duplicate());
            }
        }
        return data;
    }

    @Override
    public void discard() {
        source.discard();
    }

    /** Reads and verifies the rest of the body, dropping its data. */
    public void drain() {
        for (ByteBuf data = next(); data != null; data = next()) {
            data.release();
        }
    }

    /** The hex MD5 of the body; valid once {@link #next()} returned null. */
    public String md5Hex() {
        if (!ended) {
            throw new IllegalStateException("the body has not been read to its end");
        }
        return SigV4.hex(md5Digest);
    }

    /** The verified {@code x-amz-checksum-*} of the body, if the client sent one; valid once the body ended. */
    public Optional<ObjectChecksum> checksum() {
        if (!ended) {
            throw new IllegalStateException("the body has not been read to its end");
        }
        return Optional.ofNullable(verifiedChecksum);
    }

    /** The decoded body length so far. */
    public long length() {
        return length;
    }

    private void verify() {
        if (expectations.length() >= 0 && length != expectations.length()) {
            throw new S3Exception(S3ErrorCode.INCOMPLETE_BODY);
        }
        md5Digest = md5.digest();
        if (sha256 != null
                && !SigV4.hex(sha256.digest()).equals(expectations.sha256Hex().orElseThrow())) {
            throw new S3Exception(S3ErrorCode.CONTENT_SHA256_MISMATCH);
        }
        Optional<String> contentMd5 = expectations.contentMd5();
        if (contentMd5.isPresent()
                && !Base64.getEncoder().encodeToString(md5Digest).equals(contentMd5.get())) {
            throw new S3Exception(
                    S3ErrorCode.BAD_DIGEST, "The Content-MD5 you specified did not match what we received.");
        }
        if (checksum != null) {
            ChecksumAlgorithm algorithm = expectations.checksum().orElseThrow();
            String expected = expectations
                    .checksumValue()
                    .or(() -> Optional.ofNullable(trailers.get().get(algorithm.headerName())))
                    .orElseThrow(() ->
                            new S3Exception(S3ErrorCode.INVALID_REQUEST, "Missing trailer " + algorithm.headerName()));
            String computed = checksum.base64();
            if (!computed.equals(expected)) {
                throw new S3Exception(
                        S3ErrorCode.BAD_DIGEST,
                        "The " + algorithm + " you specified did not match the calculated checksum.");
            }
            verifiedChecksum = new ObjectChecksum(algorithm.name(), computed);
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is unavailable", e);
        }
    }
}
