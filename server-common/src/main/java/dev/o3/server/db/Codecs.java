package dev.o3.server.db;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Codecs for the types tables are made of. */
public final class Codecs {
    /** UTF-8; byte order equals code point order, which is the order S3 listings need. */
    public static final Codec<String> STRING = new Codec<>() {
        @Override
        public byte[] encode(String value) {
            return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decode(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    };

    /** Big-endian with the sign bit flipped, so byte order equals numeric order for every long. */
    public static final Codec<Long> LONG = new Codec<>() {
        @Override
        public byte[] encode(Long value) {
            return ByteBuffer.allocate(Long.BYTES)
                    .putLong(value ^ Long.MIN_VALUE)
                    .array();
        }

        @Override
        public Long decode(byte[] bytes) {
            if (bytes.length != Long.BYTES) {
                throw new IllegalArgumentException("a long key has 8 bytes, got " + bytes.length);
            }
            return ByteBuffer.wrap(bytes).getLong() ^ Long.MIN_VALUE;
        }
    };

    /** Raw bytes, unchanged. */
    public static final Codec<byte[]> BYTES = new Codec<>() {
        @Override
        public byte[] encode(byte[] value) {
            return value.clone();
        }

        @Override
        public byte[] decode(byte[] bytes) {
            return bytes;
        }
    };

    private Codecs() {}

    /** A protobuf message; not order-preserving, so for values only. */
    public static <M extends MessageLite> Codec<M> proto(Parser<M> parser) {
        return new Codec<>() {
            @Override
            public byte[] encode(M value) {
                return value.toByteArray();
            }

            @Override
            public M decode(byte[] bytes) {
                try {
                    return parser.parseFrom(bytes);
                } catch (InvalidProtocolBufferException e) {
                    throw new IllegalStateException("corrupt record in RocksDB: " + e.getMessage(), e);
                }
            }
        };
    }
}
