package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.regex.Pattern;

/**
 * S3's rules for new bucket names: 3-63 characters of lower-case letters, digits, dots and hyphens; starting and
 * ending with a letter or digit; no adjacent dots; not an IPv4 address; none of the reserved prefixes and suffixes.
 */
public final class BucketNames {
    private static final Pattern SHAPE = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    private BucketNames() {}

    /** Whether {@code name} is a valid new bucket name. */
    public static boolean isValid(String name) {
        return SHAPE.matcher(name).matches()
                && !name.contains("..")
                && !name.contains(".-")
                && !name.contains("-.")
                && !IPV4.matcher(name).matches()
                && !name.startsWith("xn--")
                && !name.startsWith("sthree-")
                && !name.endsWith("-s3alias")
                && !name.endsWith("--ol-s3");
    }

    /**
     * Checks a new bucket name.
     *
     * @throws S3Exception InvalidBucketName
     */
    public static void validate(String name) {
        if (!isValid(name)) {
            throw new S3Exception(S3ErrorCode.INVALID_BUCKET_NAME, "The specified bucket is not valid: " + name);
        }
    }
}
