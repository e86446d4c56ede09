package dev.o3.om.policy;

import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetBucketConfigRequest;

/**
 * The S3 action (and key) a logged write asks for, which bucket policies judge: every way of writing a key is
 * {@code s3:PutObject}, deleting one {@code s3:DeleteObject}, and so on. Writes S3 has no action for name none.
 * Stateless.
 */
public final class BucketActions {
    private BucketActions() {}

    /** The access of a write, with the transaction's request context. */
    public static Access of(OmTransaction transaction) {
        Access context =
                Access.NONE.withContext("aws:SecureTransport", Boolean.toString(transaction.getSecureTransport()));
        if (!transaction.getSourceIp().isEmpty()) {
            context = context.withContext("aws:SourceIp", transaction.getSourceIp());
        }
        if (!transaction.getAnonymous()) {
            context = context.withContext("aws:username", transaction.getUser());
        }
        return context.withAction(action(transaction), key(transaction));
    }

    private static String action(OmTransaction transaction) {
        return switch (transaction.getRequestCase()) {
            case CREATE_KEY,
                    COMMIT_KEY,
                    HSYNC_KEY,
                    SET_TIMES,
                    ALLOCATE_BLOCK,
                    CREATE_DIRECTORY,
                    RENAME_KEY,
                    INITIATE_MULTIPART_UPLOAD,
                    CREATE_MULTIPART_KEY,
                    COMMIT_MULTIPART_PART,
                    COMPLETE_MULTIPART_UPLOAD -> "s3:PutObject";
            case DELETE_KEY -> transaction.getDeleteKey().getVersionId().isEmpty()
                    ? "s3:DeleteObject"
                    : "s3:DeleteObjectVersion";
            case DELETE_KEYS -> "s3:DeleteObject";
            case SET_BUCKET_VERSIONING -> "s3:PutBucketVersioning";
            case ABORT_MULTIPART_UPLOAD -> "s3:AbortMultipartUpload";
            case SET_KEY_TAGS -> "s3:PutObjectTagging";
            case SET_KEY_ACL -> "s3:PutObjectAcl";
            case SET_BUCKET_ACL -> "s3:PutBucketAcl";
            case DELETE_BUCKET -> "s3:DeleteBucket";
            case SET_BUCKET_CONFIG -> configAction(transaction.getSetBucketConfig());
            default -> "";
        };
    }

    private static String configAction(SetBucketConfigRequest request) {
        return switch (request.getChangeCase()) {
            case POLICY -> "s3:PutBucketPolicy";
            case CORS -> "s3:PutBucketCORS";
            case TAGS -> "s3:PutBucketTagging";
            case LIFECYCLE -> "s3:PutLifecycleConfiguration";
            case REMOVE -> switch (request.getRemove()) {
                case BUCKET_CONFIG_POLICY -> "s3:DeleteBucketPolicy";
                case BUCKET_CONFIG_CORS -> "s3:PutBucketCORS";
                case BUCKET_CONFIG_TAGS -> "s3:PutBucketTagging";
                case BUCKET_CONFIG_LIFECYCLE -> "s3:PutLifecycleConfiguration";
                default -> "";
            };
            default -> "";
        };
    }

    private static String key(OmTransaction transaction) {
        return switch (transaction.getRequestCase()) {
            case CREATE_KEY -> transaction.getCreateKey().getName();
            case COMMIT_KEY -> transaction.getCommitKey().getName();
            case HSYNC_KEY -> transaction.getHsyncKey().getName();
            case SET_TIMES -> transaction.getSetTimes().getPath();
            case ALLOCATE_BLOCK -> transaction.getAllocateBlock().getName();
            case CREATE_DIRECTORY -> transaction.getCreateDirectory().getPath();
            case RENAME_KEY -> transaction.getRenameKey().getToName();
            case INITIATE_MULTIPART_UPLOAD -> transaction
                    .getInitiateMultipartUpload()
                    .getName();
            case CREATE_MULTIPART_KEY -> transaction.getCreateMultipartKey().getName();
            case COMMIT_MULTIPART_PART -> transaction.getCommitMultipartPart().getName();
            case COMPLETE_MULTIPART_UPLOAD -> transaction
                    .getCompleteMultipartUpload()
                    .getName();
            case ABORT_MULTIPART_UPLOAD -> transaction.getAbortMultipartUpload().getName();
            case DELETE_KEY -> transaction.getDeleteKey().getName();
            case SET_KEY_TAGS -> transaction.getSetKeyTags().getName();
            case SET_KEY_ACL -> transaction.getSetKeyAcl().getName();
            default -> "";
        };
    }
}
