package dev.o3.om.rpc;

import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.om.key.KeyReads;
import dev.o3.om.security.BlockTokens;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateDirectoryResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.FileStatusResponse;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RenameKeyResponse;
import dev.o3.proto.om.SetKeyAclResponse;
import dev.o3.proto.om.SetKeyTagsResponse;
import io.grpc.ServerServiceDefinition;

/** Binds the key and file-system RPCs. */
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

    static Streamed streamed(RpcCalls calls, LeaderPreparation preparation, BlockTokens tokens) {
        return new Streamed(
                calls.reader(
                        "LookupKey",
                        (request, view, caller) -> LookupKeyResponse.newBuilder()
                                .setKey(tokens.withTokens(
                                        KeyReads.lookup(
                                                view,
                                                caller,
                                                request.getVolume(),
                                                request.getBucket(),
                                                request.getName()),
                                        Mode.READ,
                                        caller.user()))
                                .build(),
                        error -> LookupKeyResponse.newBuilder().setError(error).build()),
                calls.allocatingWriter(
                        "CreateKey",
                        preparation::createKey,
                        CreateKeyResponse.class,
                        (response, caller) -> response.toBuilder()
                                .setKey(tokens.withTokens(response.getKey(), Mode.WRITE, caller.user()))
                                .build(),
                        error -> CreateKeyResponse.newBuilder().setError(error).build()),
                calls.writer(
                        "CommitKey",
                        (request, caller, transaction) -> transaction.setCommitKey(request),
                        CommitKeyResponse.class,
                        error -> CommitKeyResponse.newBuilder().setError(error).build()));
    }

    static void bind(
            ServerServiceDefinition.Builder service,
            RpcCalls calls,
            LeaderPreparation preparation,
            BlockTokens tokens,
            Streamed streamed) {
        service.addMethod(OzoneManagerServiceGrpc.getCreateKeyMethod(), RpcCalls.unary(streamed.createKey()));
        service.addMethod(
                OzoneManagerServiceGrpc.getAllocateBlockMethod(),
                calls.allocatingWrite(
                        "AllocateBlock",
                        preparation::allocateBlock,
                        AllocateBlockResponse.class,
                        (response, caller) -> response.toBuilder()
                                .setBlock(tokens.withToken(response.getBlock(), Mode.WRITE, caller.user()))
                                .build(),
                        error -> AllocateBlockResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(OzoneManagerServiceGrpc.getCommitKeyMethod(), RpcCalls.unary(streamed.commitKey()));
        service.addMethod(OzoneManagerServiceGrpc.getLookupKeyMethod(), RpcCalls.unary(streamed.lookup()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListKeysMethod(),
                calls.listing(
                        "ListKeys",
                        (request, view, caller) -> KeyReads.list(view, caller, request),
                        error -> ListKeysResponse.newBuilder().setError(error).build()));
        bindChanges(service, calls);
    }

    private static void bindChanges(ServerServiceDefinition.Builder service, RpcCalls calls) {
        service.addMethod(
                OzoneManagerServiceGrpc.getDeleteKeyMethod(),
                calls.write(
                        "DeleteKey",
                        (request, caller, transaction) -> transaction.setDeleteKey(request),
                        DeleteKeyResponse.class,
                        error -> DeleteKeyResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getDeleteKeysMethod(),
                calls.write(
                        "DeleteKeys",
                        (request, caller, transaction) -> transaction.setDeleteKeys(request),
                        DeleteKeysResponse.class,
                        error -> DeleteKeysResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getRenameKeyMethod(),
                calls.write(
                        "RenameKey",
                        (request, caller, transaction) -> transaction.setRenameKey(request),
                        RenameKeyResponse.class,
                        error -> RenameKeyResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getSetKeyTagsMethod(),
                calls.write(
                        "SetKeyTags",
                        (request, caller, transaction) -> transaction.setSetKeyTags(request),
                        SetKeyTagsResponse.class,
                        error -> SetKeyTagsResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getSetKeyAclMethod(),
                calls.write(
                        "SetKeyAcl",
                        (request, caller, transaction) -> transaction.setSetKeyAcl(request),
                        SetKeyAclResponse.class,
                        error -> SetKeyAclResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getCreateDirectoryMethod(),
                calls.write(
                        "CreateDirectory",
                        (request, caller, transaction) -> transaction.setCreateDirectory(request),
                        CreateDirectoryResponse.class,
                        error -> CreateDirectoryResponse.newBuilder()
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
