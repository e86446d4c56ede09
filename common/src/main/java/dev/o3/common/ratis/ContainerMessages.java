package dev.o3.common.ratis;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.WriteChunkRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.ratis.protocol.Message;

/**
 * Encodes container commands as Ratis messages without copying chunk data.
 *
 * <p>A message is always a valid serialized {@code ContainerCommandRequest}. For a WriteChunk it is the request with
 * its data cleared followed by a second, hand-framed {@code write_chunk { data }} record: protobuf merges repeated
 * embedded messages, so a parser sees the original request, while the data bytes are only wrapped (rope concat), not
 * copied. Decoding aliases the data field to the received buffer when the buffer is contiguous. Stateless.
 */
public final class ContainerMessages {
    private ContainerMessages() {}

    /** The request as a Ratis message; the chunk data, if any, is wrapped, not copied. */
    public static Message encode(ContainerCommandRequest request) {
        if (!request.hasWriteChunk() || request.getWriteChunk().getData().isEmpty()) {
            return Message.valueOf(ShadedBytes.toShaded(request.toByteString()));
        }
        ByteString data = request.getWriteChunk().getData();
        ContainerCommandRequest metadata = withoutData(request);
        ByteString frame = dataFrameHeader(data.size());
        return Message.valueOf(
                ShadedBytes.toShaded(metadata.toByteString().concat(frame).concat(data)));
    }

    /**
     * Parses a request, aliasing its chunk data to {@code bytes} when they are contiguous.
     *
     * @throws InvalidProtocolBufferException when the bytes are not a request
     */
    public static ContainerCommandRequest decodeRequest(
            org.apache.ratis.thirdparty.com.google.protobuf.ByteString bytes) throws InvalidProtocolBufferException {
        CodedInputStream input = ShadedBytes.toUnshaded(bytes).newCodedInput();
        input.enableAliasing(true);
        try {
            return ContainerCommandRequest.parseFrom(input);
        } catch (InvalidProtocolBufferException e) {
            throw e;
        } catch (IOException e) {
            throw new InvalidProtocolBufferException(e);
        }
    }

    /** The request with its WriteChunk data removed (what the Raft log keeps). */
    public static ContainerCommandRequest withoutData(ContainerCommandRequest request) {
        if (!request.hasWriteChunk()) {
            return request;
        }
        WriteChunkRequest writeChunk =
                request.getWriteChunk().toBuilder().clearData().build();
        return request.toBuilder().setWriteChunk(writeChunk).build();
    }

    /** A response as a Ratis message. */
    public static Message encode(ContainerCommandResponse response) {
        return Message.valueOf(ShadedBytes.toShaded(response.toByteString()));
    }

    /**
     * Parses a response.
     *
     * @throws InvalidProtocolBufferException when the bytes are not a response
     */
    public static ContainerCommandResponse decodeResponse(
            org.apache.ratis.thirdparty.com.google.protobuf.ByteString bytes) throws InvalidProtocolBufferException {
        return ContainerCommandResponse.parseFrom(ShadedBytes.toUnshaded(bytes));
    }

    /** Tag and lengths of {@code write_chunk { data = <size bytes> }}, to be followed by the data itself. */
    private static ByteString dataFrameHeader(int dataSize) {
        int dataField = (WriteChunkRequest.DATA_FIELD_NUMBER << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED;
        int innerSize = CodedOutputStream.computeUInt32SizeNoTag(dataField)
                + CodedOutputStream.computeUInt32SizeNoTag(dataSize)
                + dataSize;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(24);
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        try {
            out.writeTag(ContainerCommandRequest.WRITE_CHUNK_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(innerSize);
            out.writeUInt32NoTag(dataField);
            out.writeUInt32NoTag(dataSize);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot frame chunk data", e);
        }
        return ByteString.copyFrom(bytes.toByteArray());
    }
}
