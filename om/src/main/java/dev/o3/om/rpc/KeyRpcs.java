package dev.o3.om.rpc;

import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.om.key.KeyReads;
import dev.o3.om.operation.WriteOperations;
import dev.o3.om.scm.ContainerLocations;
import dev.o3.om.security.BlockTokens;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.FileStatusResponse;
import dev.o3.proto.om.ListKeyVersionsResponse;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.ServerServiceDefinition;

/** Binds the key and file-system reads (the writes are bound by {@link WriteRpcs}). */
final class KeyRpcs {
    private KeyRpcs() {}

    /**
     * The key calls the {@code Calls} stream serves besides their unary methods: the lookup and the two writes of every
     * upload.
     */
    record Streamed(
            RpcCalls.Read<LookupKeyRequest, LookupKeyResponse> lookup,
            RpcCalls.Write<CreateKeyRequest, CreateKeyResponse> createKey,
            RpcCalls.Write<CommitKeyRequest, CommitKeyResponse> commitKey) {}

    static Streamed streamed(RpcCalls calls, WriteRpcs writes, BlockTokens tokens, ContainerLocations locations) {
        RpcCalls.Read<LookupKeyRequest, LookupKeyResponse> lookup = calls.reader(
                "LookupKey",
                (request, view, caller) -> LookupKeyResponse.newBuilder()
                        .setKey(tokens.withTokens(
                                locations.current(
                                        KeyReads.lookup(
                                                view,
                                                caller,
                                                request.getVolume(),
                                                request.getBucket(),
                                                request.getName(),
                                                request.getVersionId()),
                                        request.getRefreshLocations()),
                                Mode.READ,
                                caller.user()))
                        .build(),
                error -> LookupKeyResponse.newBuilder().setError(error).build());
        // A refresh waits for SCM: never on the transport thread.
        RpcCalls.Read<LookupKeyRequest, LookupKeyResponse> refreshing = calls.onHandlerPool(lookup);
        return new Streamed(
                (request, caller, observer) ->
                        (request.getRefreshLocations() ? refreshing : lookup).serve(request, caller, observer),
                writes.write(WriteOperations.CREATE_KEY),
                writes.write(WriteOperations.COMMIT_KEY));
    }

    static void bind(ServerServiceDefinition.Builder service, RpcCalls calls, Streamed streamed) {
        service.addMethod(OzoneManagerServiceGrpc.getLookupKeyMethod(), RpcCalls.unary(streamed.lookup()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListKeysMethod(),
                calls.listing(
                        "ListKeys",
                        (request, view, caller) -> KeyReads.list(view, caller, request),
                        error -> ListKeysResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListKeyVersionsMethod(),
                calls.listing(
                        "ListKeyVersions",
                        (request, view, caller) -> KeyReads.listVersions(view, caller, request),
                        error -> ListKeyVersionsResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getGetFileStatusMethod(),
                calls.read(
                        "GetFileStatus",
                        (request, view, caller) -> FileStatusResponse.newBuilder()
                                .setStatus(KeyReads.status(
                                        view, caller, request.getVolume(), request.getBucket(), request.getPath()))
                                .build(),
                        error -> FileStatusResponse.newBuilder().setError(error).build()));
    }
}
