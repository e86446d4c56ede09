package dev.o3.client.shell;

/** What the shell's {@code --acl} options say about canned ACLs. */
final class AclOptions {
    static final String DESCRIPTION = "Canned ACL: private, public-read (anyone reads, anonymous S3 requests too), "
            + "public-read-write (anyone also writes keys of a bucket) or authenticated-read (any named user reads).";

    private AclOptions() {}
}
