package dev.o3.hadoopfs;

import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_CREATE;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_DELETE;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_GET_FILE_STATUS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_LIST_STATUS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_MKDIRS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_OPEN;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_RENAME;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_SET_TIMES;

import dev.o3.client.api.BucketInfo;
import dev.o3.client.api.KeyArgs;
import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.PathStatus;
import dev.o3.client.api.VolumeInfo;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.om.OmException;
import dev.o3.proto.om.OmStatus;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIOException;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.Progressable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ofs://OM-HOST[:PORT]/volume/bucket/path}: the root lists volumes, a volume lists its buckets, and below a
 * FILE_SYSTEM_OPTIMIZED bucket is a directory tree where renaming or deleting a directory is one atomic OM
 * transaction, whatever its size. The authority is the OM's address; without one, {@value #OM_ADDRESS_KEY} of the
 * Hadoop configuration. A created file is visible, empty, at once; hflush and hsync make the bytes written so far
 * durable and visible ({@link OfsOutputStream}). setTimes stores the times in OM. Listings are fetched from OM page by
 * page ({@value #LISTING_PAGE_SIZE_KEY}). Append, concat and truncate are not supported. Thread-safe, as Hadoop file
 * systems are.
 */
public class RootedOzoneFileSystem extends OfsFileSystemBase {
    /** The URI scheme. */
    public static final String SCHEME = "ofs";
    /** The OM address(es) used when the URI names none. */
    public static final String OM_ADDRESS_KEY = "ozone.om.address";

    /** Replication factor (1 or 3) of the buckets that mkdirs creates. */
    public static final String REPLICATION_KEY = "ozone.replication";

    /**
     * Entries per listing page fetched from OM by listStatus, listStatusIterator and listFiles (default {@value
     * #DEFAULT_LISTING_PAGE_SIZE}); the iterators hold one page at a time.
     */
    public static final String LISTING_PAGE_SIZE_KEY = "ozone.fs.listing.page.size";

    /** The default of {@value #LISTING_PAGE_SIZE_KEY}. */
    public static final int DEFAULT_LISTING_PAGE_SIZE = 1024;

    private static final String TRASH = ".Trash";
    private static final Logger LOG = LoggerFactory.getLogger(RootedOzoneFileSystem.class);

    private URI uri;
    private Path workingDirectory;
    private OzoneClient client;
    private ObjectStore store;
    private OfsBuckets buckets;
    private String user;

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public void initialize(URI name, Configuration conf) throws IOException {
        super.initialize(name, conf);
        setConf(conf);
        String authority = name.getAuthority();
        boolean noAuthority = authority == null || authority.isEmpty();
        String omAddress = noAuthority ? conf.get(OM_ADDRESS_KEY, "") : authority;
        this.uri = URI.create(SCHEME + (noAuthority ? ":///" : "://" + authority));
        this.workingDirectory = new Path(SCHEME, noAuthority ? null : authority, "/");
        this.client = JobCredentials.client(
                ClientSettings.from(conf, omAddress),
                UserGroupInformation.getCurrentUser().getShortUserName());
        // The user OM knows (a job token's owner, not the task's OS user) owns files, new volumes and trash.
        this.user = client.user();
        this.store = client.objectStore();
        this.buckets = new OfsBuckets(store, user, conf.getInt(REPLICATION_KEY, 3));
        int pageSize = conf.getInt(LISTING_PAGE_SIZE_KEY, DEFAULT_LISTING_PAGE_SIZE);
        if (pageSize < 1) {
            throw new IllegalArgumentException(LISTING_PAGE_SIZE_KEY + " must be at least 1: " + pageSize);
        }
        listingPageSize(pageSize);
    }

    @Override
    public URI getUri() {
        return uri;
    }

    @Override
    OzoneClient tokenClient() {
        return client;
    }

    @Override
    public Path getWorkingDirectory() {
        return workingDirectory;
    }

    @Override
    public void setWorkingDirectory(Path directory) {
        workingDirectory = makeQualified(directory);
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        return statisticsStore().tracked(OP_OPEN, () -> openKey(path));
    }

    private FSDataInputStream openKey(Path path) throws IOException {
        OfsPath target = keyPath(path);
        FileStatus status = fileStatus(path);
        if (status.isDirectory()) {
            throw new FileNotFoundException(path + ": is a directory");
        }
        try {
            OzoneBucket bucket = store.bucket(target.volume(), target.bucket());
            return new FSDataInputStream(new OfsInputStream(bucket.readKey(target.key()), statistics));
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public FSDataOutputStream create(
            Path path,
            FsPermission permission,
            boolean overwrite,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        return statisticsStore().tracked(OP_CREATE, () -> createKey(path, overwrite));
    }

    /** Opens the key and makes it visible, empty, at once: HDFS shows a file as soon as create returns. */
    private FSDataOutputStream createKey(Path path, boolean overwrite) throws IOException {
        OfsPath target = keyPath(path);
        Optional<FileStatus> existing = find(path);
        if (existing.isPresent()) {
            if (existing.get().isDirectory()) {
                throw new FileAlreadyExistsException(path + ": is a directory");
            }
            if (!overwrite) {
                throw new FileAlreadyExistsException(path + ": already exists");
            }
        }
        checkParentIsDirectory(path);
        try {
            OfsOutputStream out = openKeyCreatingBucket(target, path);
            out.publish();
            return new FSDataOutputStream(out, statistics);
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    /**
     * Opens the key for writing; a missing volume or bucket is created first and the open retried, as HDFS creates a
     * file's missing parents (and Ozone's ofs its volume and bucket). Costs nothing when the bucket exists.
     */
    private OfsOutputStream openKeyCreatingBucket(OfsPath target, Path path) {
        KeyArgs args = new KeyArgs("", Map.of(), Map.of());
        try {
            return new OfsOutputStream(
                    store.bucket(target.volume(), target.bucket()).createKey(target.key(), 0, args), path);
        } catch (OmException e) {
            if (e.status() != OmStatus.VOLUME_NOT_FOUND && e.status() != OmStatus.BUCKET_NOT_FOUND) {
                throw e;
            }
        }
        buckets.ensureVolume(target.volume());
        buckets.ensureBucket(target);
        return new OfsOutputStream(
                store.bucket(target.volume(), target.bucket()).createKey(target.key(), 0, args), path);
    }

    /** As {@link #create}, only into an existing parent directory (a bucket's top level counts as one). */
    @Override
    public FSDataOutputStream createNonRecursive(
            Path path,
            FsPermission permission,
            EnumSet<CreateFlag> flags,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        Path parent = makeQualified(path).getParent();
        FileStatus parentStatus = fileStatus(parent);
        if (!parentStatus.isDirectory()) {
            throw new ParentNotDirectoryException(parent + " is a file, not a directory: cannot create " + path);
        }
        return create(
                path, permission, flags.contains(CreateFlag.OVERWRITE), bufferSize, replication, blockSize, progress);
    }

    private void checkParentIsDirectory(Path path) throws IOException {
        Path parent = path.getParent();
        while (parent != null && OfsPath.of(parent).isKey()) {
            Optional<FileStatus> status = find(parent);
            if (status.isPresent()) {
                if (!status.get().isDirectory()) {
                    throw new ParentNotDirectoryException(
                            parent + " is a file, not a directory: cannot create " + path);
                }
                return;
            }
            parent = parent.getParent();
        }
    }

    @Override
    public FSDataOutputStream append(Path path, int bufferSize, Progressable progress) throws IOException {
        throw new UnsupportedOperationException("append is not supported by " + SCHEME + "://");
    }

    /**
     * Stores the times in OM (one write); -1 leaves a time unchanged. Files and directories inside a bucket only: a
     * volume or bucket keeps its creation time.
     */
    @Override
    public void setTimes(Path path, long modificationTime, long accessTime) throws IOException {
        statisticsStore().tracked(OP_SET_TIMES, () -> {
            OfsPath target = keyPath(makeQualified(path));
            try {
                store.bucket(target.volume(), target.bucket())
                        .paths()
                        .setTimes(target.key(), modificationTime, accessTime);
            } catch (OmException e) {
                throw Errors.translate(e, path);
            }
            return null;
        });
    }

    @Override
    public boolean rename(Path source, Path destination) throws IOException {
        return statisticsStore().tracked(OP_RENAME, () -> renamePath(source, destination));
    }

    private boolean renamePath(Path source, Path destination) throws IOException {
        OfsPath from = OfsPath.of(makeQualified(source));
        OfsPath to = OfsPath.of(makeQualified(destination));
        if (!from.isKey()) {
            throw new PathIOException(source.toString(), "cannot rename a volume, a bucket or the root");
        }
        if (!to.isKey() && !to.isBucket()) {
            throw new PathIOException(destination.toString(), "a rename target must be inside a bucket");
        }
        if (!from.sameBucket(to)) {
            throw new PathIOException(source.toString(), "cannot rename across buckets, to " + destination);
        }
        Optional<FileStatus> sourceStatus = find(source);
        if (sourceStatus.isEmpty()) {
            return false;
        }
        if (to.isBucket()) {
            return renameToBucketTop(source, from, to);
        }
        if (to.key().equals(from.key())) {
            return sourceStatus.get().isFile();
        }
        if (to.key().startsWith(from.key() + "/")) {
            return false;
        }
        return renameKey(source, from, to);
    }

    /** Moves into the bucket's top level, as a rename into an existing directory does. */
    private boolean renameToBucketTop(Path source, OfsPath from, OfsPath bucket) throws IOException {
        OfsPath to = new OfsPath(
                bucket.volume(),
                bucket.bucket(),
                from.key().substring(from.key().lastIndexOf('/') + 1));
        if (to.key().equals(from.key())) {
            return true;
        }
        if (find(makeQualified(new Path(to.toString()))).isPresent()) {
            return false;
        }
        return renameKey(source, from, to);
    }

    /** One OM rename; the refusals Hadoop reports as false (missing parent, target exists, into itself) give false. */
    private boolean renameKey(Path source, OfsPath from, OfsPath to) throws IOException {
        try {
            store.bucket(from.volume(), from.bucket()).renameKey(from.key(), to.key());
            return true;
        } catch (OmException e) {
            if (e.status() == OmStatus.DIRECTORY_NOT_FOUND
                    || e.status() == OmStatus.KEY_ALREADY_EXISTS
                    || e.status() == OmStatus.FILE_ALREADY_EXISTS
                    || e.status() == OmStatus.INVALID_REQUEST) {
                return false;
            }
            throw Errors.translate(e, source);
        }
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        return statisticsStore().tracked(OP_DELETE, () -> deletePath(path, recursive));
    }

    private boolean deletePath(Path path, boolean recursive) throws IOException {
        OfsPath target = OfsPath.of(makeQualified(path));
        try {
            if (target.isRoot()) {
                throw new PathIOException(path.toString(), "cannot delete the root");
            }
            if (target.isVolume()) {
                return buckets.deleteVolume(target, recursive, listingPageSize());
            }
            if (target.isBucket()) {
                return buckets.deleteBucket(target, recursive, listingPageSize());
            }
            store.bucket(target.volume(), target.bucket()).paths().delete(target.key(), recursive);
            return true;
        } catch (OmException e) {
            if (e.status() == OmStatus.KEY_NOT_FOUND
                    || e.status() == OmStatus.VOLUME_NOT_FOUND
                    || e.status() == OmStatus.BUCKET_NOT_FOUND) {
                return false;
            }
            throw Errors.translate(e, path);
        }
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        return statisticsStore().tracked(OP_LIST_STATUS, () -> listPath(path));
    }

    private FileStatus[] listPath(Path path) throws IOException {
        Path qualified = makeQualified(path);
        OfsPath target = OfsPath.of(qualified);
        try {
            List<FileStatus> result = new ArrayList<>();
            if (target.isRoot()) {
                for (VolumeInfo volume : store.listVolumes("")) {
                    result.add(directory(
                            new Path(qualified, volume.name()),
                            volume.creationTime().toEpochMilli()));
                }
            } else if (target.isVolume()) {
                for (BucketInfo bucket : store.getVolume(target.volume()).listBuckets("")) {
                    result.add(directory(
                            new Path(qualified, bucket.name()),
                            bucket.creationTime().toEpochMilli()));
                }
            } else {
                FileStatus status = fileStatus(qualified);
                if (status.isFile()) {
                    return new FileStatus[] {status};
                }
                RemoteIterator<FileStatus> entries = directoryEntries(target, qualified);
                while (entries.hasNext()) {
                    result.add(entries.next());
                }
            }
            return result.toArray(new FileStatus[0]);
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public boolean mkdirs(Path path, FsPermission permission) throws IOException {
        return statisticsStore().tracked(OP_MKDIRS, () -> makeDirectories(path));
    }

    private boolean makeDirectories(Path path) throws IOException {
        OfsPath target = OfsPath.of(makeQualified(path));
        if (target.isRoot()) {
            return true;
        }
        try {
            buckets.ensureVolume(target.volume());
            if (target.isVolume()) {
                return true;
            }
            buckets.ensureBucket(target);
            if (target.isBucket()) {
                return true;
            }
            Optional<FileStatus> existing = find(path);
            if (existing.isPresent()) {
                if (existing.get().isFile()) {
                    throw new FileAlreadyExistsException(path + ": is a file");
                }
                return true;
            }
            store.bucket(target.volume(), target.bucket()).paths().createDirectory(target.key());
            return true;
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        return statisticsStore().tracked(OP_GET_FILE_STATUS, () -> fileStatus(path));
    }

    @Override
    FileStatus fileStatus(Path path) throws IOException {
        Path qualified = makeQualified(path);
        OfsPath target = OfsPath.of(qualified);
        try {
            if (target.isRoot()) {
                return directory(qualified, 0);
            }
            if (target.isVolume()) {
                return directory(
                        qualified,
                        store.getVolume(target.volume()).info().creationTime().toEpochMilli());
            }
            OzoneBucket bucket = store.bucket(target.volume(), target.bucket());
            if (target.isBucket()) {
                return directory(qualified, bucket.info().creationTime().toEpochMilli());
            }
            return status(target, bucket.paths().status(target.key()));
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    private Optional<FileStatus> find(Path path) throws IOException {
        try {
            return Optional.of(fileStatus(path));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    FileStatus status(OfsPath bucketPath, PathStatus entry) {
        Path path =
                makeQualified(new Path(new OfsPath(bucketPath.volume(), bucketPath.bucket(), entry.path()).toString()));
        long modified = entry.modificationTime().toEpochMilli();
        long accessed = entry.accessTime().toEpochMilli();
        if (entry.directory()) {
            return new FileStatus(0, true, 0, 0, modified, accessed, FsPermission.getDirDefault(), user, user, path);
        }
        return new FileStatus(
                entry.size(),
                false,
                entry.replicationFactor(),
                getDefaultBlockSize(path),
                modified,
                accessed,
                FsPermission.getFileDefault(),
                user,
                user,
                path);
    }

    private FileStatus directory(Path path, long modified) {
        return new FileStatus(0, true, 0, 0, modified, modified, FsPermission.getDirDefault(), user, user, path);
    }

    private static OfsPath keyPath(Path path) throws IOException {
        OfsPath target = OfsPath.of(path);
        if (!target.isKey()) {
            throw new PathIOException(
                    path.toString(), "not a file path: files live inside a bucket, /volume/bucket/...");
        }
        return target;
    }

    /**
     * The file's CRC32C composed from the checksums the datanodes keep (HDFS's COMPOSITE-CRC32C): no data is read, and
     * equal bytes give equal checksums whatever the block and chunk sizes. Null (no checksum) for a prefix shorter
     * than the file, or a file written without checksums.
     */
    @Override
    public FileChecksum getFileChecksum(Path path, long length) throws IOException {
        OfsPath target = keyPath(makeQualified(path));
        FileStatus status = fileStatus(path);
        if (status.isDirectory()) {
            throw new FileNotFoundException(path + ": is a directory");
        }
        if (length < status.getLen()) {
            return null;
        }
        try (KeyInputStream key = store.bucket(target.volume(), target.bucket()).readKey(target.key())) {
            return FileCrc.of(key.chunks()).orElse(null);
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    /**
     * Each bucket has its own trash, {@code /volume/bucket/.Trash/USER}: moving to trash is then a rename inside the
     * bucket (one OM transaction), where Hadoop's {@code /user/USER/.Trash} would be another bucket.
     */
    @Override
    public Path getTrashRoot(Path path) {
        OfsPath target = OfsPath.of(makeQualified(path));
        if (target.isRoot() || target.isVolume()) {
            return super.getTrashRoot(path);
        }
        return makeQualified(new Path(new OfsPath(target.volume(), target.bucket(), TRASH + "/" + user).toString()));
    }

    /** The trash roots of the caller (or of every user) in every bucket the caller can list. */
    @Override
    public Collection<FileStatus> getTrashRoots(boolean allUsers) {
        List<FileStatus> roots = new ArrayList<>();
        try {
            for (VolumeInfo volume : store.listVolumes("")) {
                for (BucketInfo bucket : store.getVolume(volume.name()).listBuckets("")) {
                    Path trash = makeQualified(new Path(new OfsPath(volume.name(), bucket.name(), TRASH).toString()));
                    if (allUsers) {
                        if (find(trash).filter(FileStatus::isDirectory).isPresent()) {
                            RemoteIterator<FileStatus> users = directoryEntries(OfsPath.of(trash), trash);
                            while (users.hasNext()) {
                                roots.add(users.next());
                            }
                        }
                    } else {
                        find(new Path(trash, user))
                                .filter(FileStatus::isDirectory)
                                .ifPresent(roots::add);
                    }
                }
            }
        } catch (IOException | OmException e) {
            LOG.warn("listing trash roots: {}", e.getMessage());
        }
        return roots;
    }

    @Override
    OzoneBucket bucketOf(OfsPath path) {
        return store.bucket(path.volume(), path.bucket());
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            if (client != null) {
                client.close();
            }
        }
    }
}
