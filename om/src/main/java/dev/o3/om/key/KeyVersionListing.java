package dev.o3.om.key;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.KeyVersion;
import dev.o3.proto.om.ListKeyVersionsRequest;
import dev.o3.proto.om.ListKeyVersionsResponse;
import dev.o3.server.db.KeyValue;
import dev.o3.server.db.TableDefinition;
import java.util.List;

/**
 * One page of S3 ListObjectVersions over an OBJECT_STORE bucket: the key table (current versions) and the version
 * table (noncurrent versions and delete markers, newest first per key) merged in key order, a key's current version
 * first. The first entry of a key is its latest. In a bucket never versioned this lists every key once, with the null
 * id. Markers: {@code key_marker} alone starts after that key (after a whole common prefix when it is one);
 * with {@code version_id_marker} it starts after that version of it. Used once, by one thread.
 */
final class KeyVersionListing {
    /** Appended to a common prefix to seek past every key under it (U+10FFFF sorts last). */
    private static final String AFTER_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));
    /** A version row is its key's row, '\0' and 16 hex digits. */
    private static final int VERSION_SUFFIX = 17;

    private static final int MAX_PAGE = 1000;

    private final BucketInfo bucket;
    private final ListKeyVersionsRequest request;
    private final String base;
    private final Cursor current;
    private final Cursor noncurrent;
    private final ListKeyVersionsResponse.Builder response = ListKeyVersionsResponse.newBuilder();
    private final int max;
    private int count;
    /** The key of the last version listed, to tell the latest version of each key. */
    private String lastKey;

    KeyVersionListing(ReadView view, BucketInfo bucket, ListKeyVersionsRequest request) {
        this.bucket = bucket;
        this.request = request;
        this.base = RowKeys.keysOf(bucket.getVolume(), bucket.getName());
        this.max = request.getMaxResults() <= 0 ? MAX_PAGE : Math.min(request.getMaxResults(), MAX_PAGE);
        String prefix = base + request.getPrefix();
        this.current = new Cursor(view, OmSchema.KEYS, prefix);
        this.noncurrent = new Cursor(view, OmSchema.VERSIONS, prefix);
        start(view);
    }

    private void start(ReadView view) {
        String marker = request.getKeyMarker();
        if (marker.isEmpty() || KeyOrder.compare(base + marker, base + request.getPrefix()) < 0) {
            return;
        }
        if (isCommonPrefix(marker)) {
            skipTo(base + marker + AFTER_PREFIX);
            return;
        }
        current.seek(KeyOrder.successor(base + marker));
        noncurrent.seek(afterVersionMarker(view, marker));
    }

    /** Where the noncurrent versions resume: after the marked version of {@code marker}, else after all of them. */
    private String afterVersionMarker(ReadView view, String marker) {
        String versionMarker = request.getVersionIdMarker();
        String versions = RowKeys.versionsOf(bucket.getVolume(), bucket.getName(), marker);
        String afterKey = base + marker + '\u0001';
        if (versionMarker.isEmpty()) {
            return afterKey;
        }
        lastKey = marker;
        String wanted = versionMarker.equals(KeyVersions.NULL_ID) ? "" : versionMarker;
        boolean markerIsCurrent = view.get(OmSchema.KEYS, base + marker)
                .filter(key -> key.getVersionId().equals(wanted))
                .isPresent();
        if (markerIsCurrent) {
            return versions;
        }
        for (KeyValue<String, KeyInfo> row : view.scan(OmSchema.VERSIONS, versions, versions, Integer.MAX_VALUE)) {
            if (row.value().getVersionId().equals(wanted)) {
                return KeyOrder.successor(row.key());
            }
        }
        return afterKey;
    }

    ListKeyVersionsResponse page() {
        while (true) {
            KeyValue<String, KeyInfo> nextCurrent = current.peek();
            KeyValue<String, KeyInfo> nextVersion = noncurrent.peek();
            if (nextCurrent == null && nextVersion == null) {
                return response.clearNextKeyMarker().clearNextVersionIdMarker().build();
            }
            String currentName = nextCurrent == null ? null : nextCurrent.key().substring(base.length());
            String versionName = nextVersion == null
                    ? null
                    : nextVersion
                            .key()
                            .substring(base.length(), nextVersion.key().length() - VERSION_SUFFIX);
            boolean takeCurrent =
                    currentName != null && (versionName == null || KeyOrder.compare(currentName, versionName) <= 0);
            String name = takeCurrent ? currentName : versionName;
            String commonPrefix = commonPrefixOf(name);
            if (commonPrefix != null) {
                if (!makeRoom(commonPrefix, "")) {
                    return response.build();
                }
                response.addCommonPrefixes(commonPrefix);
                skipTo(base + commonPrefix + AFTER_PREFIX);
                continue;
            }
            KeyInfo version = takeCurrent ? nextCurrent.value() : nextVersion.value();
            String versionId = version.getVersionId().isEmpty() ? KeyVersions.NULL_ID : version.getVersionId();
            if (!makeRoom(name, versionId)) {
                return response.build();
            }
            response.addVersions(
                    KeyVersion.newBuilder().setKey(KeyVersions.shown(version)).setLatest(!name.equals(lastKey)));
            lastKey = name;
            (takeCurrent ? current : noncurrent).advance();
        }
    }

    /** Counts an entry; once the page is full, marks it truncated with the markers of the last entry listed. */
    private boolean makeRoom(String key, String versionId) {
        if (count == max) {
            response.setTruncated(true);
            return false;
        }
        count++;
        response.setNextKeyMarker(key).setNextVersionIdMarker(versionId);
        return true;
    }

    private String commonPrefixOf(String name) {
        String delimiter = request.getDelimiter();
        if (delimiter.isEmpty()) {
            return null;
        }
        int cut = name.indexOf(delimiter, request.getPrefix().length());
        return cut < 0 ? null : name.substring(0, cut + delimiter.length());
    }

    private boolean isCommonPrefix(String marker) {
        String commonPrefix = marker.startsWith(request.getPrefix()) ? commonPrefixOf(marker) : null;
        return marker.equals(commonPrefix);
    }

    private void skipTo(String row) {
        current.seek(row);
        noncurrent.seek(row);
    }

    /** Rows of one table from a position, read a page at a time. */
    private final class Cursor {
        private final ReadView view;
        private final TableDefinition<String, KeyInfo> table;
        private final String prefix;
        private String from;
        private List<KeyValue<String, KeyInfo>> rows = List.of();
        private int position;
        private boolean exhausted;

        Cursor(ReadView view, TableDefinition<String, KeyInfo> table, String prefix) {
            this.view = view;
            this.table = table;
            this.prefix = prefix;
            this.from = prefix;
        }

        KeyValue<String, KeyInfo> peek() {
            if (position == rows.size()) {
                if (exhausted) {
                    return null;
                }
                rows = view.scan(table, prefix, from, max + 1);
                position = 0;
                exhausted = rows.size() <= max;
                if (rows.isEmpty()) {
                    return null;
                }
                from = KeyOrder.successor(rows.get(rows.size() - 1).key());
            }
            return rows.get(position);
        }

        void advance() {
            position++;
        }

        /** Moves forward to {@code row} (never back). */
        void seek(String row) {
            KeyValue<String, KeyInfo> next = peek();
            if (next == null || KeyOrder.compare(next.key(), row) >= 0) {
                return;
            }
            rows = List.of();
            position = 0;
            exhausted = false;
            from = KeyOrder.compare(row, prefix) < 0 ? prefix : row;
        }
    }
}
