package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.body.VerifyingBody;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;

/** Moves data into a {@link DataWriter}: from a request body or from another object's stream. */
final class DataPump {
    private static final int COPY_BUFFER = 256 * 1024;

    private DataPump() {}

    /**
     * Streams the whole verified body into the writer and commits it under the body's MD5 and checksum; aborts on any
     * failure.
     *
     * @return the ETag (hex MD5)
     */
    static String commitBody(VerifyingBody body, DataWriter writer) {
        try (writer) {
            for (ByteBuf data = body.next(); data != null; data = body.next()) {
                try {
                    for (ByteBuffer buffer : data.nioBuffers()) {
                        writer.write(buffer);
                    }
                } finally {
                    data.release();
                }
            }
            String etag = body.md5Hex();
            writer.commit(etag, body.checksum());
            return etag;
        }
    }

    /**
     * Copies {@code length} bytes of a stream into the writer and commits under their MD5 with the source's checksum
     * (the same bytes); aborts on any failure.
     *
     * @return the ETag (hex MD5)
     */
    static String commitStream(InputStream in, long length, DataWriter writer, Optional<ObjectChecksum> checksum) {
        MessageDigest md5 = md5();
        byte[] buffer = new byte[(int) Math.min(COPY_BUFFER, Math.max(1, length))];
        try (in;
                writer) {
            long remaining = length;
            while (remaining > 0) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
                if (read < 0) {
                    throw new IOException("source ended " + remaining + " bytes early");
                }
                md5.update(buffer, 0, read);
                writer.write(ByteBuffer.wrap(buffer, 0, read));
                remaining -= read;
            }
            String etag = HexFormat.of().formatHex(md5.digest());
            writer.commit(etag, checksum);
            return etag;
        } catch (IOException e) {
            throw new UncheckedIOException("copying object data failed", e);
        }
    }

    /**
     * Copies a stream of unknown length into the writer and commits under its MD5; aborts on any failure, among them
     * the stream growing past {@code maxLength} or {@code checkLength} rejecting the final length.
     *
     * @param checkLength called with the length when it exceeds {@code maxLength} (and must throw), and at the end
     * @return the ETag (hex MD5)
     */
    static String commitUnsized(InputStream in, DataWriter writer, long maxLength, LongConsumer checkLength) {
        MessageDigest md5 = md5();
        byte[] buffer = new byte[COPY_BUFFER];
        try (writer) {
            long length = 0;
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                length += read;
                if (length > maxLength) {
                    checkLength.accept(length);
                }
                md5.update(buffer, 0, read);
                writer.write(ByteBuffer.wrap(buffer, 0, read));
            }
            checkLength.accept(length);
            String etag = HexFormat.of().formatHex(md5.digest());
            writer.commit(etag, Optional.empty());
            return etag;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the uploaded file failed", e);
        }
    }

    /** The multipart ETag: MD5 of the concatenated binary part MD5s, then {@code -<part count>}. */
    static String multipartEtag(List<String> partEtags) {
        MessageDigest md5 = md5();
        HexFormat hex = HexFormat.of();
        for (String etag : partEtags) {
            try {
                md5.update(hex.parseHex(etag));
            } catch (IllegalArgumentException e) {
                md5.update(etag.getBytes(StandardCharsets.UTF_8));
            }
        }
        return hex.formatHex(md5.digest()) + "-" + partEtags.size();
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is unavailable", e);
        }
    }
}
