package dev.o3.scm.state;

import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import dev.o3.server.db.Codec;
import dev.o3.server.db.Codecs;
import java.util.List;
import java.util.function.Function;

/**
 * Stored forms of SCM's records: the wire protobuf messages, so tools can read the database, mapped by the one
 * {@link ScmProtoTranslator} (pipeline members by uuid only, containers without replicas).
 */
final class ScmCodecs {
    static final Codec<Pipeline> PIPELINE = map(
            Codecs.proto(dev.o3.proto.hdds.Pipeline.parser()),
            pipeline -> ScmProtoTranslator.toProto(pipeline, ScmProtoTranslator::uuidOnly),
            ScmProtoTranslator::fromProto);
    static final Codec<ContainerInfo> CONTAINER = map(
            Codecs.proto(dev.o3.proto.scm.ContainerInfo.parser()),
            container -> ScmProtoTranslator.toProto(container, List.of()),
            ScmProtoTranslator::fromProto);
    static final Codec<DeletedBlocksTransaction> DELETED_BLOCKS = map(
            Codecs.proto(dev.o3.proto.scm.DeletedBlocksTransaction.parser()),
            ScmProtoTranslator::toProto,
            ScmProtoTranslator::fromProto);

    static final Codec<OperationalState> OPERATIONAL_STATE = map(
            Codecs.proto(dev.o3.proto.scm.DatanodeOperationalState.parser()),
            StateTranslator::toProto,
            StateTranslator::fromProto);

    private ScmCodecs() {}

    private static <T, M> Codec<T> map(Codec<M> stored, Function<T, M> encode, Function<M, T> decode) {
        return new Codec<>() {
            @Override
            public byte[] encode(T value) {
                return stored.encode(encode.apply(value));
            }

            @Override
            public T decode(byte[] bytes) {
                return decode.apply(stored.decode(bytes));
            }
        };
    }
}
