package dev.o3.om.fso;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyLayout;
import dev.o3.om.key.KeyTimes;
import dev.o3.om.key.ListPage;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import java.util.Arrays;
import java.util.Optional;

/**
 * FILE_SYSTEM_OPTIMIZED: a tree. Each directory and file is one row keyed by (bucket id, parent object id, name), so
 * children point at their parent's object id and never move: renaming or deleting a directory rewrites one row,
 * whatever its size. Deleted directories go to the deleted-directory table; a background service reclaims their
 * children. Stateless.
 */
public final class FileSystemLayout implements KeyLayout {
    @Override
    public void checkName(String name) throws OmException {
        Names.pathSegments(name);
    }

    @Override
    public Optional<KeyInfo> lookup(ReadView view, BucketInfo bucket, String name) throws OmException {
        Optional<Resolved> resolved = Tree.resolve(view, bucket, Names.pathSegments(name));
        return resolved.filter(found -> !found.isDirectory()).map(found -> found.withFullName(bucket));
    }

    @Override
    public void checkCreate(ReadView view, BucketInfo bucket, String name) throws OmException {
        String[] segments = Names.pathSegments(name);
        long parent = bucket.getObjectId();
        for (int i = 0; i < segments.length; i++) {
            String row = RowKeys.child(bucket.getObjectId(), parent, segments[i]);
            Optional<KeyInfo> directory = view.get(OmSchema.DIRECTORIES, row);
            boolean last = i == segments.length - 1;
            if (directory.isPresent()) {
                if (last) {
                    throw new OmException(OmStatus.NOT_A_FILE, "a directory exists at " + name);
                }
                parent = directory.get().getObjectId();
                continue;
            }
            if (!last && view.get(OmSchema.FILES, row).isPresent()) {
                throw new OmException(OmStatus.FILE_ALREADY_EXISTS, "a parent of " + name + " is a file");
            }
            return;
        }
    }

    @Override
    public Optional<KeyInfo> put(Mutation mutation, BucketInfo bucket, KeyInfo key) throws OmException {
        String[] segments = Names.pathSegments(key.getName());
        checkCreate(mutation, bucket, key.getName());
        long parent = Tree.makeDirectories(
                mutation, bucket, Arrays.copyOf(segments, segments.length - 1), key.getModificationTimeMillis());
        String leaf = segments[segments.length - 1];
        String row = RowKeys.child(bucket.getObjectId(), parent, leaf);
        Optional<KeyInfo> replaced = mutation.get(OmSchema.FILES, row);
        mutation.put(
                OmSchema.FILES,
                row,
                key.toBuilder().setName(leaf).setParentId(parent).build());
        return replaced.map(old -> old.toBuilder().setName(key.getName()).build());
    }

    @Override
    public KeyInfo remove(Mutation mutation, BucketInfo bucket, String name, boolean recursive) throws OmException {
        Resolved found =
                Tree.resolve(mutation, bucket, Names.pathSegments(name)).orElseThrow(() -> notFound(bucket, name));
        if (!found.isDirectory()) {
            mutation.delete(OmSchema.FILES, found.row());
            return found.withFullName(bucket);
        }
        long id = found.info().getObjectId();
        if (!recursive && Tree.hasChildren(mutation, bucket.getObjectId(), id)) {
            throw new OmException(OmStatus.DIRECTORY_NOT_EMPTY, "directory not empty: " + name);
        }
        mutation.delete(OmSchema.DIRECTORIES, found.row());
        KeyInfo directory = found.info();
        mutation.put(
                OmSchema.DELETED_DIRECTORIES,
                RowKeys.deletedDirectory(bucket.getObjectId(), directory.getParentId(), directory.getName(), id),
                directory);
        return found.withFullName(bucket);
    }

    @Override
    public void setTimes(Mutation mutation, BucketInfo bucket, String path, long modificationMillis, long accessMillis)
            throws OmException {
        Resolved found =
                Tree.resolve(mutation, bucket, Names.pathSegments(path)).orElseThrow(() -> notFound(bucket, path));
        mutation.put(
                found.isDirectory() ? OmSchema.DIRECTORIES : OmSchema.FILES,
                found.row(),
                KeyTimes.with(found.info(), modificationMillis, accessMillis));
    }

    @Override
    public void rename(Mutation mutation, BucketInfo bucket, String from, String to, long timeMillis)
            throws OmException {
        new Rename(mutation, bucket, timeMillis).run(from, to);
    }

    @Override
    public void createDirectory(Mutation mutation, BucketInfo bucket, String path, long timeMillis) throws OmException {
        String[] segments = Names.pathSegments(path);
        Tree.makeDirectories(mutation, bucket, segments, timeMillis);
    }

    @Override
    public KeyInfo status(ReadView view, BucketInfo bucket, String path) throws OmException {
        String trimmed = path.replaceAll("^/+|/+$", "");
        if (trimmed.isEmpty()) {
            return KeyInfo.newBuilder()
                    .setVolume(bucket.getVolume())
                    .setBucket(bucket.getName())
                    .setIsDirectory(true)
                    .setObjectId(bucket.getObjectId())
                    .setModificationTimeMillis(bucket.getModificationTimeMillis())
                    .build();
        }
        return Tree.resolve(view, bucket, Names.pathSegments(trimmed))
                .map(found -> found.withFullName(bucket))
                .orElseThrow(() -> notFound(bucket, path));
    }

    @Override
    public ListKeysResponse list(ReadView view, BucketInfo bucket, ListKeysRequest request) throws OmException {
        ListPage page = new ListPage(request.getMaxResults());
        new TreeListing(view, bucket, request, page).run();
        return page.build();
    }

    @Override
    public boolean isEmpty(ReadView view, BucketInfo bucket) {
        return !Tree.hasChildren(view, bucket.getObjectId(), bucket.getObjectId());
    }

    static OmException notFound(BucketInfo bucket, String name) {
        return new OmException(
                OmStatus.KEY_NOT_FOUND,
                "no file or directory " + bucket.getVolume() + "/" + bucket.getName() + "/" + name);
    }

    /** Whether any directory or file row starts with {@code prefix}. */
    static boolean hasRows(ReadView view, String prefix) {
        return !view.scan(OmSchema.DIRECTORIES, prefix, prefix, 1).isEmpty()
                || !view.<KeyInfo>scan(OmSchema.FILES, prefix, prefix, 1).isEmpty();
    }
}
