package dev.o3.common.ratis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * Zero-copy bridges between protobuf's {@link com.google.protobuf.ByteString} and Ratis' shaded one. Chunk data
 * crosses this boundary on every write and replication, so the backing arrays or buffers are handed over through
 * {@code UnsafeByteOperations.unsafeWriteTo} and re-wrapped with {@code unsafeWrap}, never copied: nobody may modify
 * them afterwards (ByteStrings are immutable by contract). Stateless.
 */
public final class ShadedBytes {
    private ShadedBytes() {}

    /** A shaded view of the same bytes. */
    public static org.apache.ratis.thirdparty.com.google.protobuf.ByteString toShaded(
            com.google.protobuf.ByteString bytes) {
        ToShaded output = new ToShaded();
        try {
            com.google.protobuf.UnsafeByteOperations.unsafeWriteTo(bytes, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return output.result;
    }

    /** An unshaded view of the same bytes. */
    public static com.google.protobuf.ByteString toUnshaded(
            org.apache.ratis.thirdparty.com.google.protobuf.ByteString bytes) {
        ToUnshaded output = new ToUnshaded();
        try {
            org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations.unsafeWriteTo(bytes, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return output.result;
    }

    /** Collects the pieces of an unshaded ByteString as shaded wrappers. */
    private static final class ToShaded extends com.google.protobuf.ByteOutput {
        private org.apache.ratis.thirdparty.com.google.protobuf.ByteString result =
                org.apache.ratis.thirdparty.com.google.protobuf.ByteString.EMPTY;

        @Override
        public void write(byte value) {
            append(org.apache.ratis.thirdparty.com.google.protobuf.ByteString.copyFrom(new byte[] {value}));
        }

        @Override
        public void write(byte[] value, int offset, int length) {
            append(org.apache.ratis.thirdparty.com.google.protobuf.ByteString.copyFrom(value, offset, length));
        }

        @Override
        public void writeLazy(byte[] value, int offset, int length) {
            append(org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations.unsafeWrap(
                    value, offset, length));
        }

        @Override
        public void write(ByteBuffer value) {
            append(org.apache.ratis.thirdparty.com.google.protobuf.ByteString.copyFrom(value));
        }

        @Override
        public void writeLazy(ByteBuffer value) {
            append(org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations.unsafeWrap(value));
        }

        private void append(org.apache.ratis.thirdparty.com.google.protobuf.ByteString piece) {
            result = result.isEmpty() ? piece : result.concat(piece);
        }
    }

    /** Collects the pieces of a shaded ByteString as unshaded wrappers. */
    private static final class ToUnshaded extends org.apache.ratis.thirdparty.com.google.protobuf.ByteOutput {
        private com.google.protobuf.ByteString result = com.google.protobuf.ByteString.EMPTY;

        @Override
        public void write(byte value) {
            append(com.google.protobuf.ByteString.copyFrom(new byte[] {value}));
        }

        @Override
        public void write(byte[] value, int offset, int length) {
            append(com.google.protobuf.ByteString.copyFrom(value, offset, length));
        }

        @Override
        public void writeLazy(byte[] value, int offset, int length) {
            append(com.google.protobuf.UnsafeByteOperations.unsafeWrap(value, offset, length));
        }

        @Override
        public void write(ByteBuffer value) {
            append(com.google.protobuf.ByteString.copyFrom(value));
        }

        @Override
        public void writeLazy(ByteBuffer value) {
            append(com.google.protobuf.UnsafeByteOperations.unsafeWrap(value));
        }

        private void append(com.google.protobuf.ByteString piece) {
            result = result.isEmpty() ? piece : result.concat(piece);
        }
    }
}
