package dev.o3.common.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.charset.StandardCharsets;
import org.apache.ratis.protocol.Message;
import org.junit.jupiter.api.Test;

class TestContainerMessages {
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(7).setLocalId(42).build();

    @Test
    void writeChunkIsAValidSerializedRequestWithItsData() throws Exception {
        ByteString data = ByteString.copyFrom("hello chunk data", StandardCharsets.UTF_8);
        ContainerCommandRequest request = writeChunk(data);

        Message message = ContainerMessages.encode(request);

        assertThat(ContainerCommandRequest.parseFrom(message.getContent().toByteArray()))
                .isEqualTo(request);
        assertThat(ContainerMessages.decodeRequest(message.getContent())).isEqualTo(request);
    }

    @Test
    void decodedDataAliasesTheReceivedBytes() throws Exception {
        ByteString data = ByteString.copyFrom(new byte[1 << 16]);
        byte[] received =
                ContainerMessages.encode(writeChunk(data)).getContent().toByteArray();

        ContainerCommandRequest decoded = ContainerMessages.decodeRequest(
                org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations.unsafeWrap(received));
        received[received.length - 1] = 7; // the last byte of the message is the last byte of the data

        ByteString decodedData = decoded.getWriteChunk().getData();
        assertThat(decodedData.size()).isEqualTo(data.size());
        assertThat(decodedData.byteAt(decodedData.size() - 1)).isEqualTo((byte) 7);
    }

    @Test
    void withoutDataKeepsTheMetadataOnly() {
        ContainerCommandRequest request = writeChunk(ByteString.copyFromUtf8("abc"));

        ContainerCommandRequest metadata = ContainerMessages.withoutData(request);

        assertThat(metadata.getWriteChunk().getData().isEmpty()).isTrue();
        assertThat(metadata.getWriteChunk().getChunk())
                .isEqualTo(request.getWriteChunk().getChunk());
    }

    @Test
    void otherCommandsAndResponsesRoundTrip() throws Exception {
        ContainerCommandRequest putBlock = ContainerCommandRequest.newBuilder()
                .setContainerId(7)
                .setPutBlock(PutBlockRequest.newBuilder()
                        .setBlock(BlockData.newBuilder().setBlockId(BLOCK).setSize(3)))
                .build();
        ContainerCommandResponse response = ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setBlockCommitSequenceId(9)
                .build();

        assertThat(ContainerMessages.decodeRequest(
                        ContainerMessages.encode(putBlock).getContent()))
                .isEqualTo(putBlock);
        assertThat(ContainerMessages.decodeResponse(
                        ContainerMessages.encode(response).getContent()))
                .isEqualTo(response);
    }

    @Test
    void shadedConversionsKeepTheBytes() {
        ByteString rope = ByteString.copyFromUtf8("one-").concat(ByteString.copyFromUtf8("two"));

        assertThat(ShadedBytes.toUnshaded(ShadedBytes.toShaded(rope))).isEqualTo(rope);
        assertThat(ShadedBytes.toShaded(ByteString.EMPTY).isEmpty()).isTrue();
    }

    private static ContainerCommandRequest writeChunk(ByteString data) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(7)
                .setPipelineId("p")
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(BLOCK)
                        .setChunk(ChunkInfo.newBuilder()
                                .setChunkName("42_chunk_0")
                                .setLength(data.size()))
                        .setData(data))
                .build();
    }
}
