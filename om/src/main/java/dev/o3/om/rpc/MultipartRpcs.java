package dev.o3.om.rpc;

import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.om.multipart.MultipartReads;
import dev.o3.om.security.BlockTokens;
import dev.o3.proto.om.AbortMultipartUploadResponse;
import dev.o3.proto.om.CommitMultipartPartResponse;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.ListMultipartUploadsResponse;
import dev.o3.proto.om.ListPartsResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RevokeS3SecretResponse;
import io.grpc.ServerServiceDefinition;

/** Binds the multipart-upload and S3 secret RPCs. */
final class MultipartRpcs {
    private MultipartRpcs() {}

    static void bind(
            ServerServiceDefinition.Builder service,
            RpcCalls calls,
            LeaderPreparation preparation,
            BlockTokens tokens) {
        service.addMethod(
                OzoneManagerServiceGrpc.getInitiateMultipartUploadMethod(),
                calls.write(
                        "InitiateMultipartUpload",
                        (request, caller, transaction) -> transaction
                                .setUploadId(preparation.newUploadId())
                                .setInitiateMultipartUpload(request),
                        InitiateMultipartUploadResponse.class,
                        error -> InitiateMultipartUploadResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getCreateMultipartKeyMethod(),
                calls.allocatingWrite(
                        "CreateMultipartKey",
                        preparation::createMultipartKey,
                        CreateKeyResponse.class,
                        (response, caller) -> response.toBuilder()
                                .setKey(tokens.withTokens(response.getKey(), Mode.WRITE, caller.user()))
                                .build(),
                        error -> CreateKeyResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getCommitMultipartPartMethod(),
                calls.write(
                        "CommitMultipartPart",
                        (request, caller, transaction) -> transaction.setCommitMultipartPart(request),
                        CommitMultipartPartResponse.class,
                        error -> CommitMultipartPartResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getCompleteMultipartUploadMethod(),
                calls.write(
                        "CompleteMultipartUpload",
                        (request, caller, transaction) -> transaction.setCompleteMultipartUpload(request),
                        CompleteMultipartUploadResponse.class,
                        error -> CompleteMultipartUploadResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getAbortMultipartUploadMethod(),
                calls.write(
                        "AbortMultipartUpload",
                        (request, caller, transaction) -> transaction.setAbortMultipartUpload(request),
                        AbortMultipartUploadResponse.class,
                        error -> AbortMultipartUploadResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListPartsMethod(),
                calls.listing(
                        "ListParts",
                        (request, view, caller) -> MultipartReads.listParts(view, caller, request),
                        error -> ListPartsResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListMultipartUploadsMethod(),
                calls.listing(
                        "ListMultipartUploads",
                        (request, view, caller) -> MultipartReads.listUploads(view, caller, request),
                        error -> ListMultipartUploadsResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getGetS3SecretMethod(),
                calls.write(
                        "GetS3Secret",
                        (request, caller, transaction) ->
                                transaction.setSecret(preparation.newSecret()).setGetS3Secret(request),
                        GetS3SecretResponse.class,
                        error ->
                                GetS3SecretResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getRevokeS3SecretMethod(),
                calls.write(
                        "RevokeS3Secret",
                        (request, caller, transaction) -> transaction.setRevokeS3Secret(request),
                        RevokeS3SecretResponse.class,
                        error -> RevokeS3SecretResponse.newBuilder()
                                .setError(error)
                                .build()));
    }
}
