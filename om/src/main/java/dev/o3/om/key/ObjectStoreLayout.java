package dev.o3.om.key;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.KeyValue;
import java.util.List;
import java.util.Optional;

/** OBJECT_STORE: one row per key in the key table; '/' has no meaning, so a "directory" rename is not offered. */
final class ObjectStoreLayout implements KeyLayout {
    /** Appended to a common prefix to seek past every key under it (U+10FFFF sorts last). */
    private static final String AFTER_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));

    @Override
    public void checkName(String name) throws OmException {
        Names.checkKey(name);
    }

    @Override
    public Optional<KeyInfo> lookup(ReadView view, BucketInfo bucket, String name) {
        return view.get(OmSchema.KEYS, RowKeys.key(bucket.getVolume(), bucket.getName(), name));
    }

    @Override
    public void checkCreate(ReadView view, BucketInfo bucket, String name) {
        // Any name is a valid new key; an existing key is overwritten at commit.
    }

    @Override
    public Optional<KeyInfo> put(Mutation mutation, BucketInfo bucket, KeyInfo key) {
        String row = RowKeys.key(bucket.getVolume(), bucket.getName(), key.getName());
        Optional<KeyInfo> replaced = mutation.get(OmSchema.KEYS, row);
        mutation.put(OmSchema.KEYS, row, key);
        return replaced;
    }

    @Override
    public KeyInfo remove(Mutation mutation, BucketInfo bucket, String name, boolean recursive) throws OmException {
        String row = RowKeys.key(bucket.getVolume(), bucket.getName(), name);
        KeyInfo key = mutation.get(OmSchema.KEYS, row).orElseThrow(() -> notFound(bucket, name));
        mutation.delete(OmSchema.KEYS, row);
        return key;
    }

    @Override
    public void setTimes(Mutation mutation, BucketInfo bucket, String path, long modificationMillis, long accessMillis)
            throws OmException {
        String row = RowKeys.key(bucket.getVolume(), bucket.getName(), path);
        Optional<KeyInfo> key = mutation.get(OmSchema.KEYS, row);
        if (key.isEmpty()) {
            row = RowKeys.key(bucket.getVolume(), bucket.getName(), path.endsWith("/") ? path : path + "/");
            key = mutation.get(OmSchema.KEYS, row);
        }
        KeyInfo found = key.orElseThrow(() -> notFound(bucket, path));
        mutation.put(OmSchema.KEYS, row, KeyTimes.with(found, modificationMillis, accessMillis));
    }

    @Override
    public void rename(Mutation mutation, BucketInfo bucket, String from, String to, long timeMillis)
            throws OmException {
        Names.checkKey(to);
        String source = RowKeys.key(bucket.getVolume(), bucket.getName(), from);
        String target = RowKeys.key(bucket.getVolume(), bucket.getName(), to);
        KeyInfo key = mutation.get(OmSchema.KEYS, source).orElseThrow(() -> notFound(bucket, from));
        if (mutation.get(OmSchema.KEYS, target).isPresent()) {
            throw new OmException(OmStatus.KEY_ALREADY_EXISTS, "rename target exists: " + to);
        }
        mutation.delete(OmSchema.KEYS, source);
        mutation.put(
                OmSchema.KEYS,
                target,
                key.toBuilder()
                        .setName(to)
                        .setModificationTimeMillis(timeMillis)
                        .build());
    }

    @Override
    public void createDirectory(Mutation mutation, BucketInfo bucket, String path, long timeMillis) throws OmException {
        String name = path.endsWith("/") ? path : path + "/";
        Names.checkKey(name);
        String row = RowKeys.key(bucket.getVolume(), bucket.getName(), name);
        if (mutation.get(OmSchema.KEYS, row).isEmpty()) {
            mutation.put(
                    OmSchema.KEYS,
                    row,
                    KeyInfo.newBuilder()
                            .setVolume(bucket.getVolume())
                            .setBucket(bucket.getName())
                            .setName(name)
                            .setIsDirectory(true)
                            .setObjectId(mutation.nextObjectId())
                            .setCreationTimeMillis(timeMillis)
                            .setModificationTimeMillis(timeMillis)
                            .build());
        }
    }

    @Override
    public KeyInfo status(ReadView view, BucketInfo bucket, String path) throws OmException {
        Optional<KeyInfo> key = lookup(view, bucket, path);
        if (key.isPresent()) {
            return key.get();
        }
        String directory = path.endsWith("/") ? path : path + "/";
        String prefix = RowKeys.key(bucket.getVolume(), bucket.getName(), directory);
        if (!view.scan(OmSchema.KEYS, prefix, prefix, 1).isEmpty()) {
            return KeyInfo.newBuilder()
                    .setVolume(bucket.getVolume())
                    .setBucket(bucket.getName())
                    .setName(directory)
                    .setIsDirectory(true)
                    .build();
        }
        throw notFound(bucket, path);
    }

    @Override
    public ListKeysResponse list(ReadView view, BucketInfo bucket, ListKeysRequest request) {
        String base = RowKeys.keysOf(bucket.getVolume(), bucket.getName());
        String prefix = request.getPrefix();
        String delimiter = request.getDelimiter();
        ListPage page = new ListPage(request.getMaxResults());
        String from = startRow(base, request);
        while (true) {
            List<KeyValue<String, KeyInfo>> rows = view.scan(OmSchema.KEYS, base + prefix, from, page.max() + 1);
            boolean skipped = false;
            for (KeyValue<String, KeyInfo> row : rows) {
                String name = row.key().substring(base.length());
                int cut = delimiter.isEmpty() ? -1 : name.indexOf(delimiter, prefix.length());
                if (cut >= 0) {
                    String commonPrefix = name.substring(0, cut + delimiter.length());
                    if (!page.addCommonPrefix(commonPrefix)) {
                        return page.build();
                    }
                    from = base + commonPrefix + AFTER_PREFIX;
                    skipped = true;
                    break;
                }
                if (!page.addKey(row.value())) {
                    return page.build();
                }
                from = KeyOrder.successor(row.key());
            }
            if (!skipped && rows.size() <= page.max()) {
                return page.build();
            }
        }
    }

    private static String startRow(String base, ListKeysRequest request) {
        String from = base + request.getPrefix();
        String startAfter = request.getStartAfter();
        if (startAfter.isEmpty() || KeyOrder.compare(base + startAfter, from) < 0) {
            return from;
        }
        String delimiter = request.getDelimiter();
        boolean isCommonPrefix = !delimiter.isEmpty()
                && startAfter.startsWith(request.getPrefix())
                && startAfter.indexOf(delimiter, request.getPrefix().length())
                        == startAfter.length() - delimiter.length();
        return isCommonPrefix ? base + startAfter + AFTER_PREFIX : KeyOrder.successor(base + startAfter);
    }

    @Override
    public boolean isEmpty(ReadView view, BucketInfo bucket) {
        String prefix = RowKeys.keysOf(bucket.getVolume(), bucket.getName());
        return view.scan(OmSchema.KEYS, prefix, prefix, 1).isEmpty();
    }

    private static OmException notFound(BucketInfo bucket, String name) {
        return new OmException(
                OmStatus.KEY_NOT_FOUND, "key not found: " + bucket.getVolume() + "/" + bucket.getName() + "/" + name);
    }
}
