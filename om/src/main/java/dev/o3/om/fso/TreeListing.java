package dev.o3.om.fso;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.ListPage;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.server.db.KeyValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Lists an FSO bucket in full-path order, as a flat bucket would list: a depth-first walk from the deepest directory
 * the prefix names, visiting each directory's children by name (a directory sorts as {@code name/}). With delimiter
 * '/' directories become common prefixes; without one, directories are listed as {@code path/} entries followed by
 * their contents. Subtrees wholly before {@code start_after} are skipped. Used once per request.
 */
final class TreeListing {
    private final ReadView view;
    private final BucketInfo bucket;
    private final String prefix;
    private final String startAfter;
    private final boolean delimited;
    private final ListPage page;

    TreeListing(ReadView view, BucketInfo bucket, ListKeysRequest request, ListPage page) {
        this.view = view;
        this.bucket = bucket;
        this.prefix = request.getPrefix().startsWith("/") ? request.getPrefix().substring(1) : request.getPrefix();
        this.startAfter = request.getStartAfter();
        this.delimited = !request.getDelimiter().isEmpty();
        this.page = page;
    }

    void run() throws OmException {
        int slash = prefix.lastIndexOf('/');
        String directory = slash < 0 ? "" : prefix.substring(0, slash);
        long directoryId = bucket.getObjectId();
        if (!directory.isEmpty()) {
            Optional<Resolved> found = Tree.resolve(view, bucket, Names.pathSegments(directory));
            if (found.isEmpty() || !found.get().isDirectory()) {
                return;
            }
            directoryId = found.get().info().getObjectId();
        }
        visit(directoryId, directory.isEmpty() ? "" : directory + "/");
    }

    /** Returns false once the page is full. */
    private boolean visit(long directoryId, String base) {
        String namePrefix = prefix.startsWith(base) ? prefix.substring(base.length()) : "";
        for (Child child : children(directoryId, namePrefix)) {
            String path = base + child.sortName();
            if (!path.startsWith(prefix)) {
                continue;
            }
            boolean full =
                    child.directory() ? !directory(child, path) : after(path) && !page.addKey(named(child, path));
            if (full) {
                return false;
            }
        }
        return true;
    }

    /** Returns false once the page is full. */
    private boolean directory(Child child, String path) {
        if (delimited) {
            return !after(path) || page.addCommonPrefix(path);
        }
        if (after(path) && !page.addKey(named(child, path))) {
            return false;
        }
        boolean subtreeBeforeStart =
                !startAfter.isEmpty() && KeyOrder.compare(path, startAfter) <= 0 && !startAfter.startsWith(path);
        return subtreeBeforeStart || visit(child.info().getObjectId(), path);
    }

    private boolean after(String path) {
        return startAfter.isEmpty() || KeyOrder.compare(path, startAfter) > 0;
    }

    private KeyInfo named(Child child, String path) {
        return child.info().toBuilder()
                .setVolume(bucket.getVolume())
                .setBucket(bucket.getName())
                .setName(path)
                .setIsDirectory(child.directory())
                .build();
    }

    private List<Child> children(long directoryId, String namePrefix) {
        String rowPrefix = RowKeys.childrenOf(bucket.getObjectId(), directoryId) + namePrefix;
        List<Child> children = new ArrayList<>();
        for (KeyValue<String, KeyInfo> row : view.scan(OmSchema.DIRECTORIES, rowPrefix, rowPrefix, Integer.MAX_VALUE)) {
            children.add(new Child(row.value().getName() + "/", row.value(), true));
        }
        for (KeyValue<String, KeyInfo> row : view.scan(OmSchema.FILES, rowPrefix, rowPrefix, Integer.MAX_VALUE)) {
            children.add(new Child(row.value().getName(), row.value(), false));
        }
        children.sort(Comparator.comparing(Child::sortName, KeyOrder.CODE_POINTS));
        return children;
    }

    private record Child(String sortName, KeyInfo info, boolean directory) {}
}
