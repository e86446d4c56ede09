package dev.o3.om.request;

import dev.o3.proto.om.OmStatus;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** Name rules: S3 bucket rules for volumes and buckets, length limits and path rules for keys. */
public final class Names {
    /** Longest key name in UTF-8 bytes (S3's limit). */
    public static final int MAX_KEY_BYTES = 1024;

    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");
    private static final Pattern IP_ADDRESS = Pattern.compile("\\d+\\.\\d+\\.\\d+\\.\\d+");

    private Names() {}

    /**
     * Checks a bucket name against the S3 rules (3-63 lower-case letters, digits, dots and dashes; no IP address).
     *
     * @throws OmException INVALID_BUCKET_NAME naming the rule
     */
    public static void checkBucket(String name) throws OmException {
        String problem = s3NameProblem(name);
        if (problem != null) {
            throw new OmException(OmStatus.INVALID_BUCKET_NAME, "invalid bucket name '" + name + "': " + problem);
        }
    }

    /**
     * Checks a volume name; volumes follow the bucket rules.
     *
     * @throws OmException INVALID_REQUEST naming the rule
     */
    public static void checkVolume(String name) throws OmException {
        String problem = s3NameProblem(name);
        if (problem != null) {
            throw new OmException(OmStatus.INVALID_REQUEST, "invalid volume name '" + name + "': " + problem);
        }
    }

    /**
     * Checks a key name: not empty, at most {@link #MAX_KEY_BYTES} bytes, no NUL.
     *
     * @throws OmException INVALID_KEY_NAME
     */
    public static void checkKey(String name) throws OmException {
        if (name.isEmpty()) {
            throw new OmException(OmStatus.INVALID_KEY_NAME, "key name is empty");
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_KEY_BYTES) {
            throw new OmException(OmStatus.INVALID_KEY_NAME, "key name longer than " + MAX_KEY_BYTES + " bytes");
        }
        if (name.indexOf('\0') >= 0) {
            throw new OmException(OmStatus.INVALID_KEY_NAME, "key name contains a NUL character");
        }
    }

    /**
     * Splits a file-system path into its segments, refusing empty, '.' and '..' segments.
     *
     * @throws OmException INVALID_KEY_NAME
     */
    public static String[] pathSegments(String path) throws OmException {
        checkKey(path);
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        if (trimmed.isEmpty()) {
            throw new OmException(OmStatus.INVALID_KEY_NAME, "path names the bucket root: '" + path + "'");
        }
        String[] segments = trimmed.split("/", -1);
        for (String segment : segments) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new OmException(
                        OmStatus.INVALID_KEY_NAME, "path has an empty, '.' or '..' segment: '" + path + "'");
            }
        }
        return segments;
    }

    private static String s3NameProblem(String name) {
        if (!BUCKET.matcher(name).matches()) {
            return "use 3-63 lower-case letters, digits, '.' or '-', starting and ending with a letter or digit";
        }
        if (name.contains("..") || name.contains(".-") || name.contains("-.")) {
            return "no '..', '.-' or '-.'";
        }
        if (IP_ADDRESS.matcher(name).matches()) {
            return "must not look like an IP address";
        }
        return null;
    }
}
