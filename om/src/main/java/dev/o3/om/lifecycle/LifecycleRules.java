package dev.o3.om.lifecycle;

import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LifecycleFilter;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.proto.om.MultipartUploadInfo;
import java.time.Duration;
import java.util.List;

/**
 * Which keys and multipart uploads a bucket's lifecycle rules expire at a given time. A key expires when an enabled
 * rule's filter (prefix, every tag, size bounds) matches it and its Expiration is due: {@code Days} after the key
 * was last written, or the rule's {@code Date}. An upload is aborted {@code DaysAfterInitiation} after it began when
 * its key name has the rule's prefix. A noncurrent version expires NoncurrentDays after the next newer version was
 * written, beyond the NewerNoncurrentVersions it keeps; a delete marker left as a key's only version goes when a rule
 * with ExpiredObjectDeleteMarker covers its name. A day lasts {@code day} (one day except in tests); unlike S3, O3
 * does not round the due time up to the next midnight. Stateless.
 */
public final class LifecycleRules {
    private LifecycleRules() {}

    /** Whether one of {@code rules} expires {@code key} at {@code nowMillis}. */
    public static boolean expires(List<LifecycleRule> rules, KeyInfo key, long nowMillis, Duration day) {
        for (LifecycleRule rule : rules) {
            if (rule.getEnabled() && matches(rule.getFilter(), key) && due(rule, key, nowMillis, day)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of {@code rules} aborts {@code upload} at {@code nowMillis}. */
    public static boolean aborts(List<LifecycleRule> rules, MultipartUploadInfo upload, long nowMillis, Duration day) {
        for (LifecycleRule rule : rules) {
            if (rule.getEnabled()
                    && rule.getAbortIncompleteUploadDays() > 0
                    && upload.getName().startsWith(rule.getFilter().getPrefix())
                    && nowMillis
                            >= upload.getCreationTimeMillis() + rule.getAbortIncompleteUploadDays() * day.toMillis()) {
                return true;
            }
        }
        return false;
    }

    /** Whether some rule can expire current keys. */
    public static boolean expiresKeys(List<LifecycleRule> rules) {
        return rules.stream()
                .anyMatch(rule ->
                        rule.getEnabled() && (rule.getExpirationDays() > 0 || rule.getExpirationDateMillis() > 0));
    }

    /**
     * Whether one of {@code rules} expires a noncurrent version at {@code nowMillis}: NoncurrentDays after it became
     * noncurrent, unless it is among the NewerNoncurrentVersions newest noncurrent versions of its key.
     *
     * @param version the noncurrent version (or delete marker)
     * @param newer how many noncurrent versions of its key are newer
     * @param noncurrentSinceMillis when the next newer version was written
     */
    public static boolean expiresNoncurrent(
            List<LifecycleRule> rules,
            KeyInfo version,
            int newer,
            long noncurrentSinceMillis,
            long nowMillis,
            Duration day) {
        for (LifecycleRule rule : rules) {
            if (rule.getEnabled()
                    && rule.getNoncurrentExpirationDays() > 0
                    && newer >= rule.getNewerNoncurrentVersions()
                    && matches(rule.getFilter(), version)
                    && nowMillis >= noncurrentSinceMillis + rule.getNoncurrentExpirationDays() * day.toMillis()) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of {@code rules} removes the delete marker of {@code name} once it is the key's only version. */
    public static boolean expiresLoneDeleteMarker(List<LifecycleRule> rules, String name) {
        return rules.stream()
                .anyMatch(rule -> rule.getEnabled()
                        && rule.getExpiredObjectDeleteMarker()
                        && name.startsWith(rule.getFilter().getPrefix()));
    }

    /** Whether some rule acts on noncurrent versions or delete markers. */
    public static boolean expiresVersions(List<LifecycleRule> rules) {
        return rules.stream()
                .anyMatch(rule -> rule.getEnabled()
                        && (rule.getNoncurrentExpirationDays() > 0 || rule.getExpiredObjectDeleteMarker()));
    }

    /** Whether some rule aborts uploads. */
    public static boolean abortsUploads(List<LifecycleRule> rules) {
        return rules.stream().anyMatch(rule -> rule.getEnabled() && rule.getAbortIncompleteUploadDays() > 0);
    }

    static boolean matches(LifecycleFilter filter, KeyInfo key) {
        if (!key.getName().startsWith(filter.getPrefix()) || key.getIsDirectory()) {
            return false;
        }
        if (filter.hasSizeGreaterThan() && key.getSize() <= filter.getSizeGreaterThan()) {
            return false;
        }
        if (filter.hasSizeLessThan() && key.getSize() >= filter.getSizeLessThan()) {
            return false;
        }
        for (KeyValue tag : filter.getTagsList()) {
            if (!key.getTagsList().contains(tag)) {
                return false;
            }
        }
        return true;
    }

    private static boolean due(LifecycleRule rule, KeyInfo key, long nowMillis, Duration day) {
        if (rule.getExpirationDays() > 0) {
            return nowMillis >= key.getModificationTimeMillis() + rule.getExpirationDays() * day.toMillis();
        }
        return rule.getExpirationDateMillis() > 0 && nowMillis >= rule.getExpirationDateMillis();
    }
}
