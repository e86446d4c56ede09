package dev.o3.om.request;

import dev.o3.common.acl.CannedAcl;
import java.util.Objects;

/**
 * Who acts: the user from gRPC metadata {@code o3-user} and whether OM counts them as an administrator, or an
 * anonymous caller ({@code o3-anonymous}), who owns nothing and is let in only by ACLs open to everyone.
 *
 * @param user user name ({@link #ANONYMOUS_NAME} for anonymous callers; names only matter when not anonymous)
 * @param admin whether the user is an OM administrator
 * @param anonymous whether the caller is not a named user
 */
public record Caller(String user, boolean admin, boolean anonymous) {
    /** The user name logs and block tokens show for anonymous callers. */
    public static final String ANONYMOUS_NAME = "anonymous";

    public Caller {
        Objects.requireNonNull(user, "user is null");
        if (anonymous && admin) {
            throw new IllegalArgumentException("an anonymous caller is no administrator");
        }
    }

    /** A named user. */
    public Caller(String user, boolean admin) {
        this(user, admin, false);
    }

    /** The anonymous caller. */
    public static Caller anonymousCaller() {
        return new Caller(ANONYMOUS_NAME, false, true);
    }

    /** Whether the caller owns an object owned by {@code owner} or is an administrator. */
    public boolean ownsOrAdmin(String owner) {
        return !anonymous && (admin || user.equals(owner));
    }

    /** Whether an ACL audience (besides the owner) includes this caller. */
    public boolean in(CannedAcl.Audience audience) {
        return switch (audience) {
            case EVERYONE -> true;
            case AUTHENTICATED -> !anonymous;
            case OWNER -> false;
        };
    }
}
