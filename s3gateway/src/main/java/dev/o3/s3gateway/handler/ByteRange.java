package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A satisfiable single byte range of an object, from an RFC 7233 {@code Range} header: {@code bytes=first-last},
 * {@code bytes=first-} and {@code bytes=-suffixLength}.
 *
 * @param first first byte offset
 * @param last last byte offset (inclusive)
 */
public record ByteRange(long first, long last) {
    private static final Pattern SINGLE = Pattern.compile("\\s*bytes\\s*=\\s*(\\d*)\\s*-\\s*(\\d*)\\s*");

    public ByteRange {
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("bad range " + first + "-" + last);
        }
    }

    /**
     * The range a header selects in an object of {@code size} bytes. Headers that are not a single byte range are
     * ignored (empty: the whole object), as RFC 7233 allows.
     *
     * @throws S3Exception InvalidRange (416) when the range is syntactically valid but not satisfiable
     */
    public static Optional<ByteRange> parse(String header, long size) {
        Matcher matcher = SINGLE.matcher(header);
        if (!matcher.matches()
                || (matcher.group(1).isEmpty() && matcher.group(2).isEmpty())) {
            return Optional.empty();
        }
        try {
            if (matcher.group(1).isEmpty()) {
                long suffix = Long.parseLong(matcher.group(2));
                if (suffix == 0 || size == 0) {
                    throw unsatisfiable(size);
                }
                return Optional.of(new ByteRange(Math.max(0, size - suffix), size - 1));
            }
            long first = Long.parseLong(matcher.group(1));
            long last = matcher.group(2).isEmpty() ? size - 1 : Long.parseLong(matcher.group(2));
            if (!matcher.group(2).isEmpty() && last < first) {
                return Optional.empty();
            }
            if (first >= size) {
                throw unsatisfiable(size);
            }
            return Optional.of(new ByteRange(first, Math.min(last, size - 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public long length() {
        return last - first + 1;
    }

    /** The {@code Content-Range} value, e.g. {@code bytes 0-9/100}. */
    public String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    private static S3Exception unsatisfiable(long size) {
        return new S3Exception(
                S3ErrorCode.INVALID_RANGE,
                "The requested range is not satisfiable",
                Map.of("Content-Range", "bytes */" + size));
    }
}
