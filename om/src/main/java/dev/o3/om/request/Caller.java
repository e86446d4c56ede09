package dev.o3.om.request;

import dev.o3.om.policy.Access;
import java.util.Objects;

/**
 * Who acts: the user from gRPC metadata {@code o3-user} and whether OM counts them as an administrator, or an
 * anonymous caller ({@code o3-anonymous}), who owns nothing and is let in only by ACLs and bucket policies open to
 * everyone; and what they ask for ({@link Access}), which bucket policies judge.
 *
 * @param user user name ({@link #ANONYMOUS_NAME} for anonymous callers; names only matter when not anonymous)
 * @param admin whether the user is an OM administrator
 * @param anonymous whether the caller is not a named user
 * @param access the S3 action, key and request context of the call
 */
public record Caller(String user, boolean admin, boolean anonymous, Access access) {
    /** The user name logs and block tokens show for anonymous callers. */
    public static final String ANONYMOUS_NAME = "anonymous";

    public Caller {
        Objects.requireNonNull(user, "user is null");
        Objects.requireNonNull(access, "access is null");
        if (anonymous && admin) {
            throw new IllegalArgumentException("an anonymous caller is no administrator");
        }
    }

    /** A caller that names no action yet. */
    public Caller(String user, boolean admin, boolean anonymous) {
        this(user, admin, anonymous, Access.NONE);
    }

    /** A named user. */
    public Caller(String user, boolean admin) {
        this(user, admin, false);
    }

    /** The anonymous caller. */
    public static Caller anonymousCaller() {
        return new Caller(ANONYMOUS_NAME, false, true);
    }

    /** This caller asking for S3 action {@code action} on key {@code key} (empty: the bucket). */
    public Caller doing(String action, String key) {
        return new Caller(user, admin, anonymous, access.withAction(action, key));
    }

    /** This caller with one more request-context value for policy conditions. */
    public Caller withContext(String conditionKey, String value) {
        return new Caller(user, admin, anonymous, access.withContext(conditionKey, value));
    }

    /** Whether the caller owns an object owned by {@code owner} or is an administrator. */
    public boolean ownsOrAdmin(String owner) {
        return !anonymous && (admin || user.equals(owner));
    }
}
