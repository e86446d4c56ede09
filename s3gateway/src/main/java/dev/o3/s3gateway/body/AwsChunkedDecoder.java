package dev.o3.s3gateway.body;

import dev.o3.s3gateway.auth.ChunkSigner;
import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Decodes an {@code aws-chunked} body: {@code <hex size>[;chunk-signature=<sig>]\r\n<data>\r\n} repeated, a final
 * zero-size chunk, then optional trailing headers ({@code name:value\r\n}) and an empty line. When a
 * {@link ChunkSigner} is given (STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]) every chunk signature is checked
 * before the following data or the end is returned, so a bad chunk never reaches a commit; with trailers the
 * {@code x-amz-trailer-signature} is checked too. Data is returned as slices of the incoming buffers, not copied.
 *
 * <p>Not thread-safe: one worker pulls it.
 */
public final class AwsChunkedDecoder implements BodySource {
    private static final int MAX_LINE = 4096;
    private static final String TRAILER_SIGNATURE = "x-amz-trailer-signature";

    private enum State {
        HEADER,
        DATA,
        DONE
    }

    private final BodySource upstream;
    private final ChunkSigner signer;
    private final boolean trailers;
    private final Map<String, String> trailerValues = new LinkedHashMap<>();
    private final StringBuilder line = new StringBuilder();
    private ByteBuf current;
    private State state = State.HEADER;
    private long remaining;
    private String previousSignature;
    private String chunkSignature;
    private MessageDigest chunkDigest;

    /**
     * @param signer checks chunk signatures, or null for unsigned chunks
     * @param trailers whether trailing headers follow the final chunk
     */
    public AwsChunkedDecoder(BodySource upstream, ChunkSigner signer, boolean trailers) {
        this.upstream = Objects.requireNonNull(upstream, "upstream is null");
        this.signer = signer;
        this.trailers = trailers;
        this.previousSignature = signer == null ? null : signer.seedSignature();
    }

    /** The trailing headers (lower-case names) once the body has been read to its end. */
    public Map<String, String> trailers() {
        return Map.copyOf(trailerValues);
    }

    @Override
    public ByteBuf next() {
        while (true) {
            switch (state) {
                case DONE -> {
                    return null;
                }
                case HEADER -> readChunkHeader();
                case DATA -> {
                    ByteBuf data = readData();
                    if (data != null) {
                        return data;
                    }
                }
            }
        }
    }

    @Override
    public void discard() {
        if (current != null) {
            current.release();
            current = null;
        }
    }

    private void readChunkHeader() {
        String header = readLine();
        int semicolon = header.indexOf(';');
        String sizeText = semicolon < 0 ? header : header.substring(0, semicolon);
        try {
            remaining = Long.parseLong(sizeText.trim(), 16);
        } catch (NumberFormatException e) {
            throw malformed("bad chunk size '" + sizeText + "'");
        }
        if (remaining < 0) {
            throw malformed("negative chunk size");
        }
        if (signer != null) {
            String marker = "chunk-signature=";
            int at = header.indexOf(marker);
            if (at < 0) {
                throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH, "Chunk without chunk-signature");
            }
            chunkSignature = header.substring(at + marker.length()).trim();
            chunkDigest = SigV4.sha256();
        }
        if (remaining == 0) {
            verifyChunk();
            finish();
        } else {
            state = State.DATA;
        }
    }

    private ByteBuf readData() {
        if (remaining == 0) {
            expectCrlf();
            verifyChunk();
            state = State.HEADER;
            return null;
        }
        if (!ensureInput()) {
            throw new S3Exception(S3ErrorCode.INCOMPLETE_BODY, "The body ended inside a chunk");
        }
        int length = (int) Math.min(remaining, current.readableBytes());
        ByteBuf slice = current.readRetainedSlice(length);
        remaining -= length;
        if (chunkDigest != null) {
            for (ByteBuffer buffer : slice.nioBuffers()) {
                chunkDigest.update(buffer);
            }
        }
        return slice;
    }

    private void verifyChunk() {
        if (signer == null) {
            return;
        }
        String expected = signer.chunkSignature(previousSignature, SigV4.hex(chunkDigest.digest()));
        if (!SigV4.signaturesEqual(expected, chunkSignature)) {
            throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH, "A chunk signature does not match");
        }
        previousSignature = expected;
    }

    private void finish() {
        if (trailers) {
            readTrailers();
        } else if (ensureInput()) {
            expectCrlf();
        }
        state = State.DONE;
        discard();
    }

    private void readTrailers() {
        StringBuilder canonical = new StringBuilder();
        String signature = null;
        while (ensureInput()) {
            String header = readLine();
            if (header.isEmpty()) {
                break;
            }
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw malformed("bad trailer '" + header + "'");
            }
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim();
            if (name.equals(TRAILER_SIGNATURE)) {
                signature = value;
            } else {
                trailerValues.put(name, value);
                canonical.append(name).append(':').append(value).append('\n');
            }
        }
        if (signer != null) {
            if (signature == null) {
                throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH, "Missing x-amz-trailer-signature");
            }
            String expected = signer.trailerSignature(previousSignature, SigV4.sha256Hex(canonical.toString()));
            if (!SigV4.signaturesEqual(expected, signature)) {
                throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH, "The trailer signature does not match");
            }
        }
    }

    private void expectCrlf() {
        String rest = readLine();
        if (!rest.isEmpty()) {
            throw malformed("chunk data longer than its size");
        }
    }

    /** Reads up to and without the next CRLF (a bare LF is accepted). */
    private String readLine() {
        line.setLength(0);
        while (true) {
            if (!ensureInput()) {
                throw new S3Exception(S3ErrorCode.INCOMPLETE_BODY, "The body ended inside a chunk header");
            }
            while (current.isReadable()) {
                char c = (char) (current.readByte() & 0xff);
                if (c == '\n') {
                    int end = line.length();
                    if (end > 0 && line.charAt(end - 1) == '\r') {
                        line.setLength(end - 1);
                    }
                    return line.toString();
                }
                line.append(c);
                if (line.length() > MAX_LINE) {
                    throw malformed("chunk header line too long");
                }
            }
        }
    }

    /** Makes {@link #current} readable; false at the end of the upstream body. */
    private boolean ensureInput() {
        while (current == null || !current.isReadable()) {
            if (current != null) {
                current.release();
                current = null;
            }
            current = upstream.next();
            if (current == null) {
                return false;
            }
        }
        return true;
    }

    private static S3Exception malformed(String detail) {
        return new S3Exception(S3ErrorCode.INVALID_REQUEST, "Malformed aws-chunked body: " + detail);
    }
}
