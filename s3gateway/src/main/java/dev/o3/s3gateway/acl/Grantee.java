package dev.o3.s3gateway.acl;

import java.util.Objects;

/**
 * Whom an S3 grant names.
 *
 * @param type how {@code value} names the grantee
 * @param value the canonical user id, group URI or e-mail address
 */
public record Grantee(Type type, String value) {
    /** Everyone, anonymous requests included. */
    public static final String ALL_USERS = "http://acs.amazonaws.com/groups/global/AllUsers";

    /** Every signed request. */
    public static final String AUTHENTICATED_USERS = "http://acs.amazonaws.com/groups/global/AuthenticatedUsers";

    /** The kinds of grantee, by their {@code xsi:type}. */
    public enum Type {
        CANONICAL_USER("CanonicalUser"),
        GROUP("Group"),
        EMAIL("AmazonCustomerByEmail");

        private final String xsiType;

        Type(String xsiType) {
            this.xsiType = xsiType;
        }

        /** The {@code xsi:type} attribute value. */
        public String xsiType() {
            return xsiType;
        }
    }

    public Grantee {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(value, "value is null");
    }

    public static Grantee user(String id) {
        return new Grantee(Type.CANONICAL_USER, id);
    }

    public static Grantee group(String uri) {
        return new Grantee(Type.GROUP, uri);
    }
}
