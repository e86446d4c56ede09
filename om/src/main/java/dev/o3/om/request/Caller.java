package dev.o3.om.request;

import java.util.Objects;

/**
 * Who acts: the user from gRPC metadata {@code o3-user} and whether OM counts them as an administrator.
 *
 * @param user user name
 * @param admin whether the user is an OM administrator
 */
public record Caller(String user, boolean admin) {
    public Caller {
        Objects.requireNonNull(user, "user is null");
    }

    /** Whether the caller owns an object owned by {@code owner} or is an administrator. */
    public boolean ownsOrAdmin(String owner) {
        return admin || user.equals(owner);
    }
}
