package dev.o3.om.policy;

/** What a bucket policy says about one access. */
public enum Decision {
    /** A statement allows it and none denies it. */
    ALLOW,
    /** A statement denies it: nothing else can allow it. */
    DENY,
    /** No statement applies: the ACLs decide. */
    NONE
}
