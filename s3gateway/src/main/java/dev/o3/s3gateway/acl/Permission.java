package dev.o3.s3gateway.acl;

/** A permission an S3 grant gives. */
public enum Permission {
    FULL_CONTROL,
    WRITE,
    WRITE_ACP,
    READ,
    READ_ACP
}
