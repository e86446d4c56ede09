package dev.o3.om.ratis;

import java.util.function.Supplier;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;

/**
 * A Ratis message that keeps the object it stands for. Requests and replies of this OM never leave the process (the
 * RPC layer submits to the local Raft server), so the leader reads the object back instead of parsing bytes; the
 * bytes are made once, when Ratis needs them (the log entry of a request).
 *
 * @param <T> what the message carries
 */
final class ProtoMessage<T> implements Message {
    private final T value;
    private final Supplier<byte[]> serializer;
    private volatile ByteString content;

    ProtoMessage(T value, Supplier<byte[]> serializer) {
        this.value = value;
        this.serializer = serializer;
    }

    T value() {
        return value;
    }

    @Override
    public ByteString getContent() {
        ByteString bytes = content;
        if (bytes == null) {
            // The array is ours alone, so wrapping it instead of copying is safe.
            bytes = UnsafeByteOperations.unsafeWrap(serializer.get());
            content = bytes;
        }
        return bytes;
    }

    @Override
    public String toString() {
        return "ProtoMessage(" + value.getClass().getSimpleName() + ")";
    }
}
