package dev.o3.om.multipart;

import dev.o3.proto.om.PartInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/** ETag rules of S3 multipart uploads. */
final class PartEtags {
    private static final Pattern MD5_HEX = Pattern.compile("[0-9a-fA-F]{32}");

    private PartEtags() {}

    /** Whether two ETags are equal, ignoring the quotes S3 clients may keep. */
    static boolean matches(String stored, String listed) {
        return unquote(stored).equals(unquote(listed));
    }

    /** MD5 over the parts' binary MD5s (or their text when not an MD5), then {@code -partCount}. */
    static String multipartEtag(List<PartInfo> parts) {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
        for (PartInfo part : parts) {
            String etag = unquote(part.getEtag());
            md5.update(
                    MD5_HEX.matcher(etag).matches()
                            ? HexFormat.of().parseHex(etag)
                            : etag.getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(md5.digest()) + "-" + parts.size();
    }

    private static String unquote(String etag) {
        return etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1)
                : etag;
    }
}
