package dev.o3.om.apply;

import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.proto.om.AbortMultipartUploadResponse;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CommitMultipartPartResponse;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.CreateDirectoryResponse;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.DeleteBucketResponse;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.DeleteVolumeResponse;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.PurgeRequest;
import dev.o3.proto.om.RenameKeyResponse;
import dev.o3.proto.om.RevokeS3SecretResponse;
import dev.o3.proto.om.SetBucketAclResponse;
import dev.o3.proto.om.SetKeyAclResponse;
import dev.o3.proto.om.SetKeyTagsResponse;
import dev.o3.proto.om.SetVolumePropertyResponse;
import java.util.EnumMap;
import java.util.Map;

/**
 * The response type each kind of write answers with, so that a reply stored in the {@link RetryCache} can be handed
 * back as the typed response the RPC expects. Covers every kind {@link Handlers#all} applies (checked by a test).
 */
final class ResponseParsers {
    private ResponseParsers() {}

    static Map<RequestCase, Parser<? extends Message>> all() {
        Map<RequestCase, Parser<? extends Message>> parsers = new EnumMap<>(RequestCase.class);
        parsers.put(RequestCase.CREATE_VOLUME, CreateVolumeResponse.parser());
        parsers.put(RequestCase.DELETE_VOLUME, DeleteVolumeResponse.parser());
        parsers.put(RequestCase.SET_VOLUME_PROPERTY, SetVolumePropertyResponse.parser());
        parsers.put(RequestCase.CREATE_BUCKET, CreateBucketResponse.parser());
        parsers.put(RequestCase.DELETE_BUCKET, DeleteBucketResponse.parser());
        parsers.put(RequestCase.SET_BUCKET_ACL, SetBucketAclResponse.parser());
        parsers.put(RequestCase.CREATE_KEY, CreateKeyResponse.parser());
        parsers.put(RequestCase.ALLOCATE_BLOCK, AllocateBlockResponse.parser());
        parsers.put(RequestCase.COMMIT_KEY, CommitKeyResponse.parser());
        parsers.put(RequestCase.DELETE_KEY, DeleteKeyResponse.parser());
        parsers.put(RequestCase.DELETE_KEYS, DeleteKeysResponse.parser());
        parsers.put(RequestCase.RENAME_KEY, RenameKeyResponse.parser());
        parsers.put(RequestCase.SET_KEY_TAGS, SetKeyTagsResponse.parser());
        parsers.put(RequestCase.SET_KEY_ACL, SetKeyAclResponse.parser());
        parsers.put(RequestCase.CREATE_DIRECTORY, CreateDirectoryResponse.parser());
        parsers.put(RequestCase.INITIATE_MULTIPART_UPLOAD, InitiateMultipartUploadResponse.parser());
        parsers.put(RequestCase.CREATE_MULTIPART_KEY, CreateKeyResponse.parser());
        parsers.put(RequestCase.COMMIT_MULTIPART_PART, CommitMultipartPartResponse.parser());
        parsers.put(RequestCase.COMPLETE_MULTIPART_UPLOAD, CompleteMultipartUploadResponse.parser());
        parsers.put(RequestCase.ABORT_MULTIPART_UPLOAD, AbortMultipartUploadResponse.parser());
        parsers.put(RequestCase.GET_S3_SECRET, GetS3SecretResponse.parser());
        parsers.put(RequestCase.REVOKE_S3_SECRET, RevokeS3SecretResponse.parser());
        parsers.put(RequestCase.PURGE, PurgeRequest.parser());
        return parsers;
    }
}
