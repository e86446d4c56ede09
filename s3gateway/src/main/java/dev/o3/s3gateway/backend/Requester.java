package dev.o3.s3gateway.backend;

import java.util.Objects;
import java.util.Optional;

/**
 * Who a request acts as: the S3 user owning the access key that signed it, or nobody (an anonymous request, which the
 * store lets do only what public ACLs and bucket policies allow); and from where, for policies that test the client's
 * address.
 *
 * @param user the user, empty for an anonymous request
 * @param address the client's IP address, empty when unknown
 */
public record Requester(Optional<String> user, String address) {
    /** The requester of unsigned requests. */
    public static final Requester ANONYMOUS = new Requester(Optional.empty());

    public Requester {
        Objects.requireNonNull(user, "user is null");
        Objects.requireNonNull(address, "address is null");
    }

    /** A requester at an unknown address. */
    public Requester(Optional<String> user) {
        this(user, "");
    }

    /** A named user. */
    public static Requester of(String user) {
        return new Requester(Optional.of(user));
    }

    /** This requester, calling from {@code clientAddress}. */
    public Requester at(String clientAddress) {
        return new Requester(user, clientAddress);
    }

    public boolean isAnonymous() {
        return user.isEmpty();
    }

    /** The name S3 documents show for the requester. */
    public String displayName() {
        return user.orElse("anonymous");
    }
}
