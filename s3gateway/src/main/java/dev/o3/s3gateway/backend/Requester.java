package dev.o3.s3gateway.backend;

import java.util.Objects;
import java.util.Optional;

/**
 * Who a request acts as: the S3 user owning the access key that signed it, or nobody (an anonymous request, which the
 * store lets do only what public ACLs allow).
 *
 * @param user the user, empty for an anonymous request
 */
public record Requester(Optional<String> user) {
    /** The requester of unsigned requests. */
    public static final Requester ANONYMOUS = new Requester(Optional.empty());

    public Requester {
        Objects.requireNonNull(user, "user is null");
    }

    /** A named user. */
    public static Requester of(String user) {
        return new Requester(Optional.of(user));
    }

    public boolean isAnonymous() {
        return user.isEmpty();
    }

    /** The name S3 documents show for the requester. */
    public String displayName() {
        return user.orElse("anonymous");
    }
}
