package dev.o3.om.operation;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.om.request.Caller;
import dev.o3.om.request.WriteRequest;
import dev.o3.om.security.BlockTokens;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmTransaction.RequestCase;
import io.grpc.MethodDescriptor;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One write operation of OM, as {@link WriteOperations} registers it: the request kind in the log entry, the {@link
 * WriteRequest} every OM applies it with, its response type (to answer a retry from a stored reply), and, for a client
 * operation, the gRPC method, what the leader prepares before logging it, and what the response gets for the caller
 * (block tokens). Immutable.
 *
 * @param <Q> the client request type (for an internal operation, its request in the log entry)
 * @param <R> the response type
 */
public final class WriteOperation<Q extends Message, R extends Message> {
    private final RequestCase requestCase;
    private final String name;
    private final Function<ApplySettings, WriteRequest> handler;
    private final R responsePrototype;
    private final Optional<Client<Q, R>> client;

    private WriteOperation(
            RequestCase requestCase,
            String name,
            Function<ApplySettings, WriteRequest> handler,
            R responsePrototype,
            Optional<Client<Q, R>> client) {
        this.requestCase = Objects.requireNonNull(requestCase, "requestCase is null");
        this.name = Objects.requireNonNull(name, "name is null");
        this.handler = Objects.requireNonNull(handler, "handler is null");
        this.responsePrototype = Objects.requireNonNull(responsePrototype, "responsePrototype is null");
        this.client = client;
    }

    /** An operation clients call with {@code method}; its name (for metrics and ACL rules) is the method's. */
    static <Q extends Message, R extends Message> WriteOperation<Q, R> client(
            MethodDescriptor<Q, R> method,
            RequestCase requestCase,
            R responsePrototype,
            Function<ApplySettings, WriteRequest> handler,
            Function<LeaderPreparation, Preparation<Q>> preparation) {
        return new WriteOperation<>(
                requestCase,
                method.getBareMethodName(),
                handler,
                responsePrototype,
                Optional.of(new Client<>(method, preparation, tokens -> (response, caller) -> response)));
    }

    /** An operation OM logs itself (background services); no client calls it. */
    static <R extends Message> WriteOperation<R, R> internal(
            RequestCase requestCase, String name, R responsePrototype, Function<ApplySettings, WriteRequest> handler) {
        return new WriteOperation<>(requestCase, name, handler, responsePrototype, Optional.empty());
    }

    /** This client operation with its successful response completed for the caller (block tokens) before it is sent. */
    WriteOperation<Q, R> decorated(Function<BlockTokens, BiFunction<R, Caller, R>> decoration) {
        Client<Q, R> call = client.orElseThrow(() -> new IllegalStateException(name + " is not a client operation"));
        return new WriteOperation<>(
                requestCase,
                name,
                handler,
                responsePrototype,
                Optional.of(new Client<>(call.method(), call.preparation(), decoration)));
    }

    public RequestCase requestCase() {
        return requestCase;
    }

    /** The operation's name in metrics, logs and errors, e.g. {@code CreateKey}. */
    public String name() {
        return name;
    }

    /** The request every OM applies. */
    public WriteRequest newHandler(ApplySettings settings) {
        return handler.apply(settings);
    }

    /** Reads a stored reply of this operation. */
    public Parser<? extends Message> responseParser() {
        return responsePrototype.getParserForType();
    }

    @SuppressWarnings("unchecked") // the prototype's class is R itself: generated messages are final
    public Class<R> responseType() {
        return (Class<R>) responsePrototype.getClass();
    }

    /** How clients call it; empty for an internal operation. */
    public Optional<Client<Q, R>> client() {
        return client;
    }

    /**
     * The response that carries only {@code error}: every client response of om.proto has an {@code OmError error}
     * field.
     *
     * @throws IllegalStateException when the response type has none
     */
    public Function<OmError, R> errorResponse() {
        FieldDescriptor field = responsePrototype.getDescriptorForType().findFieldByName("error");
        if (field == null
                || field.getType() != FieldDescriptor.Type.MESSAGE
                || !field.getMessageType().equals(OmError.getDescriptor())) {
            throw new IllegalStateException(
                    responsePrototype.getDescriptorForType().getFullName() + " has no OmError error field");
        }
        Class<R> type = responseType();
        return error -> type.cast(
                responsePrototype.newBuilderForType().setField(field, error).build());
    }

    @Override
    public String toString() {
        return name + " (" + requestCase + ")";
    }

    /**
     * How clients call a write operation.
     *
     * @param method the gRPC method of {@code OzoneManagerService}
     * @param preparation what the leader does before the request enters the log, given the leader's services
     * @param decoration what a successful response gets before it is sent, given the block token signer
     * @param <Q> the client request type
     * @param <R> the response type
     */
    public record Client<Q, R>(
            MethodDescriptor<Q, R> method,
            Function<LeaderPreparation, Preparation<Q>> preparation,
            Function<BlockTokens, BiFunction<R, Caller, R>> decoration) {
        public Client {
            Objects.requireNonNull(method, "method is null");
            Objects.requireNonNull(preparation, "preparation is null");
            Objects.requireNonNull(decoration, "decoration is null");
        }
    }
}
