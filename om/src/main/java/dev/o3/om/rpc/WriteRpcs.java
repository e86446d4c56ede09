package dev.o3.om.rpc;

import com.google.protobuf.Message;
import dev.o3.om.operation.LeaderPreparation;
import dev.o3.om.operation.WriteOperation;
import dev.o3.om.operation.WriteOperations;
import dev.o3.om.security.BlockTokens;
import dev.o3.proto.om.OmTransaction.RequestCase;
import io.grpc.ServerServiceDefinition;
import java.util.EnumMap;
import java.util.Map;

/**
 * The client write operations of {@link WriteOperations}, each made once into a {@link RpcCalls.Write} and bound to its
 * unary method; the {@code Calls} stream serves some of the same writes ({@link #write}).
 */
final class WriteRpcs {
    private final Map<RequestCase, RpcCalls.Write<?, ?>> writes = new EnumMap<>(RequestCase.class);

    WriteRpcs(RpcCalls calls, LeaderPreparation leader, BlockTokens tokens) {
        WriteOperations.all().forEach(operation -> add(operation, calls, leader, tokens));
    }

    private <Q extends Message, R extends Message> void add(
            WriteOperation<Q, R> operation, RpcCalls calls, LeaderPreparation leader, BlockTokens tokens) {
        operation
                .client()
                .ifPresent(client -> writes.put(
                        operation.requestCase(),
                        calls.writer(
                                operation.name(),
                                client.preparation().apply(leader),
                                operation.responseType(),
                                client.decoration().apply(tokens),
                                operation.errorResponse())));
    }

    /** Binds every client write's unary method. */
    void bind(ServerServiceDefinition.Builder service) {
        WriteOperations.all().forEach(operation -> bind(service, operation));
    }

    private <Q extends Message, R extends Message> void bind(
            ServerServiceDefinition.Builder service, WriteOperation<Q, R> operation) {
        operation.client().ifPresent(client -> service.addMethod(client.method(), RpcCalls.unary(write(operation))));
    }

    /** The write serving {@code operation}, a client operation of {@link WriteOperations}. */
    @SuppressWarnings("unchecked") // add() stored each operation's write under its request kind
    <Q extends Message, R extends Message> RpcCalls.Write<Q, R> write(WriteOperation<Q, R> operation) {
        RpcCalls.Write<?, ?> write = writes.get(operation.requestCase());
        if (write == null) {
            throw new IllegalArgumentException(operation + " is not a client operation");
        }
        return (RpcCalls.Write<Q, R>) write;
    }
}
