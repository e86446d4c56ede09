package dev.o3.s3gateway.bucketconfig;

/** {@code *} (any run, also empty) and {@code ?} (one character) patterns, as CORS origins and policy ARNs use. */
final class WildcardMatch {
    private WildcardMatch() {}

    static boolean matches(String pattern, String value) {
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
