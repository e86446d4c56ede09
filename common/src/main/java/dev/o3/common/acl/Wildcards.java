package dev.o3.common.acl;

/**
 * IAM-style wildcard matching, as bucket policies (actions, resources, conditions) and CORS origins use: {@code *} is
 * any run of characters (also none), {@code ?} exactly one. Stateless.
 */
public final class Wildcards {
    private Wildcards() {}

    /** Whether {@code value} matches {@code pattern}, comparing characters exactly. */
    public static boolean matches(String pattern, String value) {
        int p = 0;
        int v = 0;
        int star = -1;
        int starValue = 0;
        while (v < value.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == value.charAt(v))) {
                p++;
                v++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                starValue = v;
            } else if (star >= 0) {
                p = star + 1;
                v = ++starValue;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
