package dev.o3.om.apply;

import dev.o3.om.bucket.CreateBucketHandler;
import dev.o3.om.bucket.DeleteBucketHandler;
import dev.o3.om.bucket.SetBucketAclHandler;
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
import dev.o3.proto.om.OmTransaction.RequestCase;
import java.util.EnumMap;
import java.util.Map;

/** The {@link WriteRequest} for each kind of logged request. */
final class Handlers {
    private Handlers() {}

    /**
     * @param s3Volume volume where any named user may create buckets
     * @param minPartSize smallest multipart part except the last
     */
    static Map<RequestCase, WriteRequest> all(String s3Volume, long minPartSize) {
        Map<RequestCase, WriteRequest> handlers = new EnumMap<>(RequestCase.class);
        handlers.put(RequestCase.CREATE_VOLUME, new CreateVolumeHandler());
        handlers.put(RequestCase.DELETE_VOLUME, new DeleteVolumeHandler());
        handlers.put(RequestCase.SET_VOLUME_PROPERTY, new SetVolumePropertyHandler());
        handlers.put(RequestCase.CREATE_BUCKET, new CreateBucketHandler(s3Volume));
        handlers.put(RequestCase.DELETE_BUCKET, new DeleteBucketHandler());
        handlers.put(RequestCase.SET_BUCKET_ACL, new SetBucketAclHandler());
        handlers.put(RequestCase.CREATE_KEY, new CreateKeyHandler());
        handlers.put(RequestCase.ALLOCATE_BLOCK, new AllocateBlockHandler());
        handlers.put(RequestCase.COMMIT_KEY, new CommitKeyHandler());
        DeleteKeyHandler delete = new DeleteKeyHandler();
        handlers.put(RequestCase.DELETE_KEY, delete);
        handlers.put(RequestCase.DELETE_KEYS, delete);
        handlers.put(RequestCase.RENAME_KEY, new RenameKeyHandler());
        handlers.put(RequestCase.SET_KEY_TAGS, new SetKeyTagsHandler());
        handlers.put(RequestCase.SET_KEY_ACL, new SetKeyAclHandler());
        handlers.put(RequestCase.CREATE_DIRECTORY, new CreateDirectoryHandler());
        handlers.put(RequestCase.INITIATE_MULTIPART_UPLOAD, new InitiateMultipartUploadHandler());
        handlers.put(RequestCase.CREATE_MULTIPART_KEY, new CreateMultipartKeyHandler());
        handlers.put(RequestCase.COMMIT_MULTIPART_PART, new CommitMultipartPartHandler());
        handlers.put(RequestCase.COMPLETE_MULTIPART_UPLOAD, new CompleteMultipartUploadHandler(minPartSize));
        handlers.put(RequestCase.ABORT_MULTIPART_UPLOAD, new AbortMultipartUploadHandler());
        handlers.put(RequestCase.GET_S3_SECRET, new GetS3SecretHandler());
        handlers.put(RequestCase.REVOKE_S3_SECRET, new RevokeS3SecretHandler());
        handlers.put(RequestCase.PURGE, new PurgeHandler());
        return handlers;
    }
}
