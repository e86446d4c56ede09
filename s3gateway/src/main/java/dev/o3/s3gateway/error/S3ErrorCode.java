package dev.o3.s3gateway.error;

/** The S3 error codes the gateway answers with, each with its HTTP status and AWS's default message. */
public enum S3ErrorCode {
    ACCESS_DENIED("AccessDenied", 403, "Access Denied"),
    SIGNATURE_DOES_NOT_MATCH(
            "SignatureDoesNotMatch",
            403,
            "The request signature we calculated does not match the signature you provided."),
    INVALID_ACCESS_KEY_ID(
            "InvalidAccessKeyId", 403, "The AWS access key Id you provided does not exist in our records."),
    REQUEST_TIME_TOO_SKEWED(
            "RequestTimeTooSkewed", 403, "The difference between the request time and the server's time is too large."),
    AUTHORIZATION_HEADER_MALFORMED(
            "AuthorizationHeaderMalformed", 400, "The authorization header you provided is invalid."),
    AUTHORIZATION_QUERY_PARAMETERS_ERROR(
            "AuthorizationQueryParametersError", 400, "The authorization query parameters are invalid."),
    NO_SUCH_BUCKET("NoSuchBucket", 404, "The specified bucket does not exist."),
    NO_SUCH_KEY("NoSuchKey", 404, "The specified key does not exist."),
    NO_SUCH_UPLOAD("NoSuchUpload", 404, "The specified multipart upload does not exist."),
    BUCKET_ALREADY_EXISTS("BucketAlreadyExists", 409, "The requested bucket name is not available."),
    BUCKET_ALREADY_OWNED_BY_YOU(
            "BucketAlreadyOwnedByYou", 409, "The bucket you tried to create already exists, and you own it."),
    BUCKET_NOT_EMPTY("BucketNotEmpty", 409, "The bucket you tried to delete is not empty."),
    INVALID_BUCKET_NAME("InvalidBucketName", 400, "The specified bucket is not valid."),
    KEY_TOO_LONG("KeyTooLongError", 400, "Your key is too long."),
    INVALID_ARGUMENT("InvalidArgument", 400, "Invalid Argument"),
    INVALID_REQUEST("InvalidRequest", 400, "Invalid Request"),
    UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS(
            "UnresolvableGrantByEmailAddress",
            400,
            "The email address you provided does not match any account on record."),
    INVALID_RANGE("InvalidRange", 416, "The requested range is not satisfiable"),
    INVALID_PART(
            "InvalidPart",
            400,
            "One or more of the specified parts could not be found or its entity tag did not match."),
    INVALID_PART_ORDER("InvalidPartOrder", 400, "The list of parts was not in ascending order."),
    ENTITY_TOO_SMALL("EntityTooSmall", 400, "Your proposed upload is smaller than the minimum allowed object size."),
    ENTITY_TOO_LARGE("EntityTooLarge", 400, "Your proposed upload exceeds the maximum allowed object size."),
    BAD_DIGEST("BadDigest", 400, "The checksum you specified did not match what we received."),
    INVALID_DIGEST("InvalidDigest", 400, "The Content-MD5 or checksum value you specified is not valid."),
    CONTENT_SHA256_MISMATCH(
            "XAmzContentSHA256Mismatch",
            400,
            "The provided 'x-amz-content-sha256' header does not match what was computed."),
    INCOMPLETE_BODY("IncompleteBody", 400, "You did not provide the number of bytes specified by the header."),
    MALFORMED_XML("MalformedXML", 400, "The XML you provided was not well-formed or did not validate."),
    MALFORMED_POST_REQUEST(
            "MalformedPOSTRequest", 400, "The body of your POST request is not well-formed multipart/form-data."),
    INVALID_POLICY_DOCUMENT(
            "InvalidPolicyDocument",
            400,
            "The content of the form does not meet the conditions specified in the policy document."),
    INCORRECT_NUMBER_OF_FILES_IN_POST_REQUEST(
            "IncorrectNumberOfFilesInPostRequest", 400, "POST requires exactly one file upload per request."),
    MALFORMED_ACL_ERROR(
            "MalformedACLError",
            400,
            "The XML you provided was not well-formed or did not validate against our published schema."),
    INVALID_TAG("InvalidTag", 400, "The tag provided was not a valid tag."),
    METADATA_TOO_LARGE("MetadataTooLarge", 400, "Your metadata headers exceed the maximum allowed metadata size."),
    MISSING_CONTENT_LENGTH("MissingContentLength", 411, "You must provide the Content-Length HTTP header."),
    METHOD_NOT_ALLOWED("MethodNotAllowed", 405, "The specified method is not allowed against this resource."),
    PRECONDITION_FAILED("PreconditionFailed", 412, "At least one of the preconditions you specified did not hold."),
    QUOTA_EXCEEDED("QuotaExceeded", 403, "The quota of the bucket or volume is exceeded."),
    // Not in S3's list (its storage never fills); MinIO answers a full drive with 507 too. SDKs retry 500-504 only,
    // so the client fails at once instead of retrying into a full cluster.
    INSUFFICIENT_STORAGE(
            "InsufficientStorage", 507, "The storage is full: delete objects or add datanodes, then write again."),
    NO_SUCH_BUCKET_POLICY("NoSuchBucketPolicy", 404, "The bucket policy does not exist"),
    NO_SUCH_CORS_CONFIGURATION("NoSuchCORSConfiguration", 404, "The CORS configuration does not exist"),
    NO_SUCH_TAG_SET("NoSuchTagSet", 404, "The TagSet does not exist"),
    NO_SUCH_LIFECYCLE_CONFIGURATION("NoSuchLifecycleConfiguration", 404, "The lifecycle configuration does not exist"),
    OBJECT_LOCK_CONFIGURATION_NOT_FOUND(
            "ObjectLockConfigurationNotFoundError", 404, "Object Lock configuration does not exist for this bucket"),
    MALFORMED_POLICY("MalformedPolicy", 400, "Policies must be valid JSON and the first byte must be '{'"),
    ACCESS_FORBIDDEN("AccessForbidden", 403, "CORSResponse: This CORS request is not allowed."),
    BAD_REQUEST("BadRequest", 400, "Insufficient information. Origin request header needed."),
    NOT_IMPLEMENTED("NotImplemented", 501, "A header or operation you provided implies functionality not implemented."),
    INTERNAL_ERROR("InternalError", 500, "We encountered an internal error. Please try again."),
    NO_SUCH_VERSION("NoSuchVersion", 404, "The specified version does not exist."),
    CONDITIONAL_REQUEST_CONFLICT(
            "ConditionalRequestConflict",
            409,
            "A conflicting operation occurred. If using PutObject you can retry the request. If using multipart upload"
                    + " you should initiate another CreateMultipartUpload request and re-upload each part."),
    ILLEGAL_VERSIONING_CONFIGURATION(
            "IllegalVersioningConfigurationException",
            400,
            "The versioning configuration specified in the request is invalid."),
    SERVICE_UNAVAILABLE("ServiceUnavailable", 503, "Reduce your request rate.");

    private final String code;
    private final int httpStatus;
    private final String defaultMessage;

    S3ErrorCode(String code, int httpStatus, String defaultMessage) {
        this.code = code;
        this.httpStatus = httpStatus;
        this.defaultMessage = defaultMessage;
    }

    /** The {@code <Code>} value clients match on. */
    public String code() {
        return code;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public String defaultMessage() {
        return defaultMessage;
    }
}
