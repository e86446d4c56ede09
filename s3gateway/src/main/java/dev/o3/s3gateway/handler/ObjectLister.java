package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.ObjectStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists a bucket the S3 way over the backend's flat, sorted key listing: keys containing the delimiter after the
 * prefix roll up into common prefixes (each returned once, and skipped over with one new backend page), and
 * {@code maxKeys} counts keys and prefixes together. A resume point (marker, start-after or continuation token)
 * that lies inside a rolled-up prefix skips that prefix. Stateless.
 */
final class ObjectLister {
    private static final int PAGE = 1000;

    private ObjectLister() {}

    /**
     * One page of a listing.
     *
     * @param objects keys in order
     * @param commonPrefixes rolled-up prefixes in order
     * @param truncated whether more keys or prefixes follow
     * @param last the last key or prefix returned (where the next page resumes), or null
     */
    record Listing(List<ObjectInfo> objects, List<String> commonPrefixes, boolean truncated, String last) {}

    static Listing list(
            ObjectStore store, String bucket, String prefix, String delimiter, String startAfter, int maxKeys) {
        List<ObjectInfo> objects = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        String cursor = startAfter;
        String last = null;
        int batch = Math.min(PAGE, maxKeys + 1);
        while (true) {
            List<ObjectInfo> page = store.list(bucket, prefix, cursor, batch);
            boolean jumped = false;
            for (ObjectInfo object : page) {
                String rolled = rollUp(object.key(), prefix, delimiter);
                if (rolled != null && (rolled.compareTo(startAfter) <= 0 || rolled.equals(last))) {
                    cursor = object.key();
                    continue;
                }
                if (objects.size() + prefixes.size() == maxKeys) {
                    return new Listing(objects, prefixes, true, last);
                }
                if (rolled != null) {
                    prefixes.add(rolled);
                    last = rolled;
                    cursor = rolled + Character.MAX_VALUE;
                    jumped = true;
                    break;
                }
                objects.add(object);
                last = object.key();
                cursor = last;
            }
            if (!jumped && page.size() < batch) {
                return new Listing(objects, prefixes, false, last);
            }
        }
    }

    private static String rollUp(String key, String prefix, String delimiter) {
        if (delimiter.isEmpty()) {
            return null;
        }
        int at = key.indexOf(delimiter, prefix.length());
        return at < 0 ? null : key.substring(0, at + delimiter.length());
    }
}
