package dev.o3.om.key;

import dev.o3.om.request.OmException;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import java.util.Optional;

/**
 * S3 conditional writes ({@code If-None-Match: *}, {@code If-Match: etag}), decided where the write is applied, so
 * of two racing writers at most one finds its condition holding. A write checks when it starts (CreateKey: a failed
 * condition is PRECONDITION_FAILED, or KEY_NOT_FOUND for If-Match on a missing key, as S3 answers) and again when it
 * commits, where a condition that held at the start but fails now means a concurrent write won:
 * CONDITIONAL_REQUEST_CONFLICT. Stateless.
 *
 * @param ifNoneMatch only if the key does not exist
 * @param ifMatch only if the key's ETag is this one (quotes ignored); empty for no condition
 */
public record KeyConditions(boolean ifNoneMatch, String ifMatch) {
    /** Whether any condition is set. */
    public boolean any() {
        return ifNoneMatch || !ifMatch.isEmpty();
    }

    /**
     * Checks the conditions against the key's current version.
     *
     * @param failure the status when a condition does not hold
     * @throws OmException {@code failure}; KEY_NOT_FOUND for If-Match on a missing key when {@code failure} is
     *     PRECONDITION_FAILED
     */
    public void check(Optional<KeyInfo> current, OmStatus failure, String name) throws OmException {
        if (ifNoneMatch && current.isPresent()) {
            throw new OmException(failure, "If-None-Match: " + name + " exists");
        }
        if (ifMatch.isEmpty()) {
            return;
        }
        if (current.isEmpty()) {
            throw new OmException(
                    failure == OmStatus.PRECONDITION_FAILED ? OmStatus.KEY_NOT_FOUND : failure,
                    "If-Match: " + name + " does not exist");
        }
        if (!unquoted(ifMatch).equals(current.get().getEtag())) {
            throw new OmException(failure, "If-Match: the ETag of " + name + " differs");
        }
    }

    private static String unquoted(String etag) {
        return etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1)
                : etag;
    }
}
