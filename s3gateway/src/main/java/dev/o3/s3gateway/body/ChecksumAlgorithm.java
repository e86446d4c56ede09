package dev.o3.s3gateway.body;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/** The S3 additional checksums ({@code x-amz-checksum-<name>}, base64 of the big-endian value). */
public enum ChecksumAlgorithm {
    CRC32,
    CRC32C,
    CRC64NVME,
    SHA1,
    SHA256;

    /** The header (and trailer) carrying this checksum, e.g. {@code x-amz-checksum-crc32}. */
    public String headerName() {
        return "x-amz-checksum-" + name().toLowerCase(Locale.ROOT);
    }

    /** The length in bytes of a checksum (before base64). */
    public int length() {
        return switch (this) {
            case CRC32, CRC32C -> 4;
            case CRC64NVME -> 8;
            case SHA1 -> 20;
            case SHA256 -> 32;
        };
    }

    /** The algorithm whose header is {@code headerName} (lower case). */
    public static Optional<ChecksumAlgorithm> ofHeader(String headerName) {
        for (ChecksumAlgorithm algorithm : values()) {
            if (algorithm.headerName().equals(headerName)) {
                return Optional.of(algorithm);
            }
        }
        return Optional.empty();
    }

    /** A new running computation. */
    public Running start() {
        return switch (this) {
            case CRC32 -> new ChecksumRunning(new CRC32(), 4);
            case CRC32C -> new ChecksumRunning(new CRC32C(), 4);
            case CRC64NVME -> new ChecksumRunning(new Crc64Nvme(), 8);
            case SHA1 -> new DigestRunning(digest("SHA-1"));
            case SHA256 -> new DigestRunning(digest("SHA-256"));
        };
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(name + " is unavailable", e);
        }
    }

    /** A checksum being computed over a stream. Not thread-safe. */
    public interface Running {
        void update(ByteBuffer data);

        /** The checksum of everything so far, base64 as S3 sends it. */
        String base64();
    }

    private record ChecksumRunning(Checksum checksum, int width) implements Running {
        @Override
        public void update(ByteBuffer data) {
            checksum.update(data);
        }

        @Override
        public String base64() {
            long value = checksum.getValue();
            byte[] bytes = new byte[width];
            for (int i = 0; i < width; i++) {
                bytes[i] = (byte) (value >>> (8 * (width - 1 - i)));
            }
            return Base64.getEncoder().encodeToString(bytes);
        }
    }

    private record DigestRunning(MessageDigest digest) implements Running {
        @Override
        public void update(ByteBuffer data) {
            digest.update(data);
        }

        @Override
        public String base64() {
            return Base64.getEncoder().encodeToString(digest.digest());
        }
    }
}
