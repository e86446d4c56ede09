package dev.o3.om.operation;

import static dev.o3.om.operation.WriteOperation.client;
import static dev.o3.om.operation.WriteOperation.internal;

import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.om.bucket.CreateBucketHandler;
import dev.o3.om.bucket.DeleteBucketHandler;
import dev.o3.om.bucket.SetBucketAclHandler;
import dev.o3.om.bucket.SetBucketPropertyHandler;
import dev.o3.om.fso.CreateDirectoryHandler;
import dev.o3.om.key.AllocateBlockHandler;
import dev.o3.om.key.CommitKeyHandler;
import dev.o3.om.key.CreateKeyHandler;
import dev.o3.om.key.DeleteKeyHandler;
import dev.o3.om.key.RenameKeyHandler;
import dev.o3.om.key.SetKeyAclHandler;
import dev.o3.om.key.SetKeyTagsHandler;
import dev.o3.om.multipart.AbortMultipartUploadHandler;
import dev.o3.om.multipart.CommitMultipartPartHandler;
import dev.o3.om.multipart.CompleteMultipartUploadHandler;
import dev.o3.om.multipart.CreateMultipartKeyHandler;
import dev.o3.om.multipart.InitiateMultipartUploadHandler;
import dev.o3.om.request.WriteRequest;
import dev.o3.om.s3secret.GetS3SecretHandler;
import dev.o3.om.s3secret.RevokeS3SecretHandler;
import dev.o3.om.service.PurgeHandler;
import dev.o3.om.volume.CreateVolumeHandler;
import dev.o3.om.volume.DeleteVolumeHandler;
import dev.o3.om.volume.SetVolumePropertyHandler;
import dev.o3.proto.om.AbortMultipartUploadResponse;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CommitMultipartPartResponse;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.CreateDirectoryResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.DeleteBucketResponse;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.DeleteVolumeResponse;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.PurgeRequest;
import dev.o3.proto.om.RenameKeyResponse;
import dev.o3.proto.om.RevokeS3SecretResponse;
import dev.o3.proto.om.SetBucketAclResponse;
import dev.o3.proto.om.SetBucketPropertyResponse;
import dev.o3.proto.om.SetKeyAclResponse;
import dev.o3.proto.om.SetKeyTagsResponse;
import dev.o3.proto.om.SetVolumePropertyResponse;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Every write operation of OM, one entry each: the only place that lists them. The state machine takes the {@link
 * WriteRequest}s and response types from here, the RPC service binds the client methods from here; {@code
 * TestWriteOperations} fails when a request kind of {@code OmTransaction} has no entry or two. The recipe for adding
 * one is in {@link dev.o3.om.request}.
 */
public final class WriteOperations {
    private static final CompletableFuture<Void> FILLED = CompletableFuture.completedFuture(null);

    /** Also served on the {@code Calls} stream. */
    public static final WriteOperation<CreateKeyRequest, CreateKeyResponse> CREATE_KEY = client(
                    OzoneManagerServiceGrpc.getCreateKeyMethod(),
                    RequestCase.CREATE_KEY,
                    CreateKeyResponse.getDefaultInstance(),
                    settings -> new CreateKeyHandler(),
                    leader -> leader::createKey)
            .decorated(tokens -> (response, caller) -> response.toBuilder()
                    .setKey(tokens.withTokens(response.getKey(), Mode.WRITE, caller.user()))
                    .build());

    /** Also served on the {@code Calls} stream. */
    public static final WriteOperation<CommitKeyRequest, CommitKeyResponse> COMMIT_KEY = client(
            OzoneManagerServiceGrpc.getCommitKeyMethod(),
            RequestCase.COMMIT_KEY,
            CommitKeyResponse.getDefaultInstance(),
            settings -> new CommitKeyHandler(),
            logged((transaction, request) -> transaction.setCommitKey(request)));

    private static final List<WriteOperation<?, ?>> OPERATIONS = List.of(
            client(
                    OzoneManagerServiceGrpc.getCreateVolumeMethod(),
                    RequestCase.CREATE_VOLUME,
                    CreateVolumeResponse.getDefaultInstance(),
                    settings -> new CreateVolumeHandler(),
                    logged((transaction, request) -> transaction.setCreateVolume(request))),
            client(
                    OzoneManagerServiceGrpc.getDeleteVolumeMethod(),
                    RequestCase.DELETE_VOLUME,
                    DeleteVolumeResponse.getDefaultInstance(),
                    settings -> new DeleteVolumeHandler(),
                    logged((transaction, request) -> transaction.setDeleteVolume(request))),
            client(
                    OzoneManagerServiceGrpc.getSetVolumePropertyMethod(),
                    RequestCase.SET_VOLUME_PROPERTY,
                    SetVolumePropertyResponse.getDefaultInstance(),
                    settings -> new SetVolumePropertyHandler(),
                    logged((transaction, request) -> transaction.setSetVolumeProperty(request))),
            client(
                    OzoneManagerServiceGrpc.getCreateBucketMethod(),
                    RequestCase.CREATE_BUCKET,
                    CreateBucketResponse.getDefaultInstance(),
                    settings -> new CreateBucketHandler(settings.s3Volume()),
                    prepared(leader -> leader::createBucket)),
            client(
                    OzoneManagerServiceGrpc.getDeleteBucketMethod(),
                    RequestCase.DELETE_BUCKET,
                    DeleteBucketResponse.getDefaultInstance(),
                    settings -> new DeleteBucketHandler(),
                    logged((transaction, request) -> transaction.setDeleteBucket(request))),
            client(
                    OzoneManagerServiceGrpc.getSetBucketAclMethod(),
                    RequestCase.SET_BUCKET_ACL,
                    SetBucketAclResponse.getDefaultInstance(),
                    settings -> new SetBucketAclHandler(),
                    logged((transaction, request) -> transaction.setSetBucketAcl(request))),
            client(
                    OzoneManagerServiceGrpc.getSetBucketPropertyMethod(),
                    RequestCase.SET_BUCKET_PROPERTY,
                    SetBucketPropertyResponse.getDefaultInstance(),
                    settings -> new SetBucketPropertyHandler(),
                    logged((transaction, request) -> transaction.setSetBucketProperty(request))),
            VersioningOperations.SET_BUCKET_VERSIONING,
            CREATE_KEY,
            client(
                            OzoneManagerServiceGrpc.getAllocateBlockMethod(),
                            RequestCase.ALLOCATE_BLOCK,
                            AllocateBlockResponse.getDefaultInstance(),
                            settings -> new AllocateBlockHandler(),
                            leader -> leader::allocateBlock)
                    .decorated(tokens -> (response, caller) -> response.toBuilder()
                            .setBlock(tokens.withToken(response.getBlock(), Mode.WRITE, caller.user()))
                            .build()),
            COMMIT_KEY,
            FileSystemOperations.HSYNC_KEY,
            FileSystemOperations.SET_TIMES,
            client(
                    OzoneManagerServiceGrpc.getDeleteKeyMethod(),
                    RequestCase.DELETE_KEY,
                    DeleteKeyResponse.getDefaultInstance(),
                    settings -> new DeleteKeyHandler(),
                    logged((transaction, request) -> transaction.setDeleteKey(request))),
            client(
                    OzoneManagerServiceGrpc.getDeleteKeysMethod(),
                    RequestCase.DELETE_KEYS,
                    DeleteKeysResponse.getDefaultInstance(),
                    settings -> new DeleteKeyHandler(),
                    logged((transaction, request) -> transaction.setDeleteKeys(request))),
            client(
                    OzoneManagerServiceGrpc.getRenameKeyMethod(),
                    RequestCase.RENAME_KEY,
                    RenameKeyResponse.getDefaultInstance(),
                    settings -> new RenameKeyHandler(),
                    logged((transaction, request) -> transaction.setRenameKey(request))),
            client(
                    OzoneManagerServiceGrpc.getSetKeyTagsMethod(),
                    RequestCase.SET_KEY_TAGS,
                    SetKeyTagsResponse.getDefaultInstance(),
                    settings -> new SetKeyTagsHandler(),
                    logged((transaction, request) -> transaction.setSetKeyTags(request))),
            client(
                    OzoneManagerServiceGrpc.getSetKeyAclMethod(),
                    RequestCase.SET_KEY_ACL,
                    SetKeyAclResponse.getDefaultInstance(),
                    settings -> new SetKeyAclHandler(),
                    logged((transaction, request) -> transaction.setSetKeyAcl(request))),
            client(
                    OzoneManagerServiceGrpc.getCreateDirectoryMethod(),
                    RequestCase.CREATE_DIRECTORY,
                    CreateDirectoryResponse.getDefaultInstance(),
                    settings -> new CreateDirectoryHandler(),
                    logged((transaction, request) -> transaction.setCreateDirectory(request))),
            client(
                    OzoneManagerServiceGrpc.getInitiateMultipartUploadMethod(),
                    RequestCase.INITIATE_MULTIPART_UPLOAD,
                    InitiateMultipartUploadResponse.getDefaultInstance(),
                    settings -> new InitiateMultipartUploadHandler(),
                    prepared(leader -> (request, caller, transaction) ->
                            transaction.setUploadId(leader.newUploadId()).setInitiateMultipartUpload(request))),
            client(
                            OzoneManagerServiceGrpc.getCreateMultipartKeyMethod(),
                            RequestCase.CREATE_MULTIPART_KEY,
                            CreateKeyResponse.getDefaultInstance(),
                            settings -> new CreateMultipartKeyHandler(),
                            leader -> leader::createMultipartKey)
                    .decorated(tokens -> (response, caller) -> response.toBuilder()
                            .setKey(tokens.withTokens(response.getKey(), Mode.WRITE, caller.user()))
                            .build()),
            client(
                    OzoneManagerServiceGrpc.getCommitMultipartPartMethod(),
                    RequestCase.COMMIT_MULTIPART_PART,
                    CommitMultipartPartResponse.getDefaultInstance(),
                    settings -> new CommitMultipartPartHandler(),
                    logged((transaction, request) -> transaction.setCommitMultipartPart(request))),
            client(
                    OzoneManagerServiceGrpc.getCompleteMultipartUploadMethod(),
                    RequestCase.COMPLETE_MULTIPART_UPLOAD,
                    CompleteMultipartUploadResponse.getDefaultInstance(),
                    settings -> new CompleteMultipartUploadHandler(settings.minPartSize()),
                    logged((transaction, request) -> transaction.setCompleteMultipartUpload(request))),
            client(
                    OzoneManagerServiceGrpc.getAbortMultipartUploadMethod(),
                    RequestCase.ABORT_MULTIPART_UPLOAD,
                    AbortMultipartUploadResponse.getDefaultInstance(),
                    settings -> new AbortMultipartUploadHandler(),
                    logged((transaction, request) -> transaction.setAbortMultipartUpload(request))),
            client(
                    OzoneManagerServiceGrpc.getGetS3SecretMethod(),
                    RequestCase.GET_S3_SECRET,
                    GetS3SecretResponse.getDefaultInstance(),
                    settings -> new GetS3SecretHandler(),
                    prepared(leader -> (request, caller, transaction) ->
                            transaction.setSecret(leader.newSecret()).setGetS3Secret(request))),
            client(
                    OzoneManagerServiceGrpc.getRevokeS3SecretMethod(),
                    RequestCase.REVOKE_S3_SECRET,
                    RevokeS3SecretResponse.getDefaultInstance(),
                    settings -> new RevokeS3SecretHandler(),
                    logged((transaction, request) -> transaction.setRevokeS3Secret(request))),
            internal(RequestCase.PURGE, "Purge", PurgeRequest.getDefaultInstance(), settings -> new PurgeHandler()),
            BucketConfigOperations.SET_BUCKET_CONFIG,
            BucketConfigOperations.LIFECYCLE_EXPIRE);

    private static final List<WriteOperation<?, ?>> ALL =
            Stream.concat(OPERATIONS.stream(), TokenOperations.ALL.stream()).toList();

    private WriteOperations() {}

    /** Every write operation, in no particular order. */
    public static List<WriteOperation<?, ?>> all() {
        return ALL;
    }

    /** The request each kind of logged write is applied with. */
    public static Map<RequestCase, WriteRequest> handlers(ApplySettings settings) {
        Map<RequestCase, WriteRequest> handlers = new EnumMap<>(RequestCase.class);
        ALL.forEach(operation -> handlers.put(operation.requestCase(), operation.newHandler(settings)));
        return handlers;
    }

    /** The response type of each kind of logged write, to answer a retry from its stored reply. */
    public static Map<RequestCase, Parser<? extends Message>> responseParsers() {
        Map<RequestCase, Parser<? extends Message>> parsers = new EnumMap<>(RequestCase.class);
        ALL.forEach(operation -> parsers.put(operation.requestCase(), operation.responseParser()));
        return parsers;
    }

    /** A preparation that only puts the request into the log entry. */
    static <Q> Function<LeaderPreparation, Preparation<Q>> logged(BiConsumer<OmTransaction.Builder, Q> setRequest) {
        return leader -> (request, caller, transaction) -> {
            setRequest.accept(transaction, request);
            return FILLED;
        };
    }

    /** A preparation that fills the log entry at once with the leader's help (defaults, ids, secrets). */
    static <Q> Function<LeaderPreparation, Preparation<Q>> prepared(
            Function<LeaderPreparation, TransactionBuilder<Q>> builder) {
        return leader -> {
            TransactionBuilder<Q> fill = builder.apply(leader);
            return (request, caller, transaction) -> {
                fill.fill(request, caller, transaction);
                return FILLED;
            };
        };
    }
}
