package dev.o3.common.acl;

import java.util.Optional;

/**
 * The canned ACLs of buckets and keys, by their S3 names (the values of {@code acl} in om.proto's {@code BucketInfo}
 * and {@code KeyInfo}). Each names who besides the owner may read and who may write; the owner and OM administrators
 * always have full control. OM enforces them; the S3 gateway shows them as S3 grants.
 */
public enum CannedAcl {
    PRIVATE("private", Audience.OWNER, Audience.OWNER),
    PUBLIC_READ("public-read", Audience.EVERYONE, Audience.OWNER),
    PUBLIC_READ_WRITE("public-read-write", Audience.EVERYONE, Audience.EVERYONE),
    AUTHENTICATED_READ("authenticated-read", Audience.AUTHENTICATED, Audience.OWNER);

    /** Who an ACL lets in. */
    public enum Audience {
        /** Only the owner (and administrators). */
        OWNER,
        /** Any named user, not anonymous callers. */
        AUTHENTICATED,
        /** Anyone, anonymous callers included. */
        EVERYONE
    }

    private final String value;
    private final Audience readers;
    private final Audience writers;

    CannedAcl(String value, Audience readers, Audience writers) {
        this.value = value;
        this.readers = readers;
        this.writers = writers;
    }

    /** The S3 name, e.g. {@code public-read}. */
    public String value() {
        return value;
    }

    /** Who may read (keys of a bucket, or the key). */
    public Audience readers() {
        return readers;
    }

    /** Who may create, overwrite and delete keys of a bucket (no effect on a key's own ACL). */
    public Audience writers() {
        return writers;
    }

    /** The S3 name, as users write it. */
    @Override
    public String toString() {
        return value;
    }

    /** The ACL named {@code value} exactly, if it is one. */
    public static Optional<CannedAcl> of(String value) {
        for (CannedAcl acl : values()) {
            if (acl.value.equals(value)) {
                return Optional.of(acl);
            }
        }
        return Optional.empty();
    }

    /**
     * The ACL of a stored or requested value, where empty means {@link #PRIVATE} (keys written without one).
     *
     * @throws IllegalArgumentException for a value that names no canned ACL
     */
    public static CannedAcl parse(String value) {
        if (value.isEmpty()) {
            return PRIVATE;
        }
        return of(value)
                .orElseThrow(() -> new IllegalArgumentException("unknown canned ACL '" + value
                        + "'; use private, public-read, public-read-write or authenticated-read"));
    }
}
