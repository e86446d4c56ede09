package dev.o3.s3gateway.handler;

/** The S3 operations the gateway recognises; the metric label is the S3 API name. */
public enum S3Operation {
    LIST_BUCKETS("ListBuckets"),
    CREATE_BUCKET("CreateBucket"),
    HEAD_BUCKET("HeadBucket"),
    DELETE_BUCKET("DeleteBucket"),
    GET_BUCKET_LOCATION("GetBucketLocation"),
    GET_OBJECT_LOCK_CONFIGURATION("GetObjectLockConfiguration"),
    LIST_OBJECTS("ListObjects"),
    LIST_OBJECTS_V2("ListObjectsV2"),
    DELETE_OBJECTS("DeleteObjects"),
    PUT_OBJECT("PutObject"),
    COPY_OBJECT("CopyObject"),
    GET_OBJECT("GetObject"),
    HEAD_OBJECT("HeadObject"),
    DELETE_OBJECT("DeleteObject"),
    CREATE_MULTIPART_UPLOAD("CreateMultipartUpload"),
    UPLOAD_PART("UploadPart"),
    UPLOAD_PART_COPY("UploadPartCopy"),
    COMPLETE_MULTIPART_UPLOAD("CompleteMultipartUpload"),
    ABORT_MULTIPART_UPLOAD("AbortMultipartUpload"),
    LIST_PARTS("ListParts"),
    LIST_MULTIPART_UPLOADS("ListMultipartUploads"),
    GET_OBJECT_TAGGING("GetObjectTagging"),
    PUT_OBJECT_TAGGING("PutObjectTagging"),
    DELETE_OBJECT_TAGGING("DeleteObjectTagging"),
    GET_BUCKET_ACL("GetBucketAcl"),
    PUT_BUCKET_ACL("PutBucketAcl"),
    GET_OBJECT_ACL("GetObjectAcl"),
    PUT_OBJECT_ACL("PutObjectAcl"),
    GET_BUCKET_VERSIONING("GetBucketVersioning"),
    PUT_BUCKET_VERSIONING("PutBucketVersioning"),
    LIST_OBJECT_VERSIONS("ListObjectVersions"),
    GET_BUCKET_POLICY("GetBucketPolicy"),
    PUT_BUCKET_POLICY("PutBucketPolicy"),
    DELETE_BUCKET_POLICY("DeleteBucketPolicy"),
    GET_BUCKET_POLICY_STATUS("GetBucketPolicyStatus"),
    GET_BUCKET_CORS("GetBucketCors"),
    PUT_BUCKET_CORS("PutBucketCors"),
    DELETE_BUCKET_CORS("DeleteBucketCors"),
    PREFLIGHT("PreflightRequest"),
    GET_BUCKET_TAGGING("GetBucketTagging"),
    PUT_BUCKET_TAGGING("PutBucketTagging"),
    DELETE_BUCKET_TAGGING("DeleteBucketTagging"),
    GET_BUCKET_LIFECYCLE("GetBucketLifecycleConfiguration"),
    PUT_BUCKET_LIFECYCLE("PutBucketLifecycleConfiguration"),
    DELETE_BUCKET_LIFECYCLE("DeleteBucketLifecycle"),
    GET_OBJECT_ATTRIBUTES("GetObjectAttributes"),
    POST_OBJECT("PostObject"),
    UNSUPPORTED("Unsupported");

    private final String apiName;

    S3Operation(String apiName) {
        this.apiName = apiName;
    }

    /** The operation's name in the S3 API reference. */
    public String apiName() {
        return apiName;
    }
}
