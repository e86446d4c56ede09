package dev.o3.hadoopfs;

import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_LIST_FILES;

import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.PathStatus;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.util.functional.RemoteIterators;

/**
 * What {@link RootedOzoneFileSystem} adds to Hadoop's defaults for listings and statistics: lazy, paged {@code
 * listStatusIterator} and {@code listFiles}, and the file system's IOStatistics. Kept apart for the fan-out of the
 * file system class; delegation tokens come from {@link TokenIssuingFileSystem}.
 */
abstract class OfsFileSystemBase extends TokenIssuingFileSystem implements IOStatisticsSource {
    private final OfsStatistics statisticsStore = new OfsStatistics();
    private int listingPageSize;

    /** Counts and durations of the operations. */
    final OfsStatistics statisticsStore() {
        return statisticsStore;
    }

    /** Entries per listing page. */
    final int listingPageSize() {
        return listingPageSize;
    }

    /** Sets the entries per listing page (from {@code initialize}). */
    final void listingPageSize(int entries) {
        listingPageSize = entries;
    }

    /** The status of a path, without counting it as an operation of the caller's. */
    abstract FileStatus fileStatus(Path path) throws IOException;

    /** The status of a listed entry of a bucket. */
    abstract FileStatus status(OfsPath bucketPath, PathStatus entry);

    /** The bucket a path inside one is in. */
    abstract OzoneBucket bucketOf(OfsPath path);

    /** The entries of a directory (a bucket's count), fetched page by page as the caller iterates. */
    @Override
    public RemoteIterator<FileStatus> listStatusIterator(Path path) throws IOException {
        Path qualified = makeQualified(path);
        OfsPath target = OfsPath.of(qualified);
        if (!target.isKey() && !target.isBucket()) {
            return RemoteIterators.remoteIteratorFromArray(listStatus(path));
        }
        FileStatus status = fileStatus(qualified);
        if (status.isFile()) {
            return RemoteIterators.remoteIteratorFromSingleton(status);
        }
        return directoryEntries(target, qualified);
    }

    /** The files under a path (recursively if asked), each directory fetched page by page as the caller iterates. */
    @Override
    public RemoteIterator<LocatedFileStatus> listFiles(Path path, boolean recursive) throws IOException {
        return statisticsStore.tracked(
                OP_LIST_FILES,
                () -> new FileListing(
                        listStatusIterator(path),
                        recursive,
                        this::listStatusIterator,
                        status -> new LocatedFileStatus(status, getFileBlockLocations(status, 0, status.getLen()))));
    }

    /** A directory's entries, one page from OM at a time. */
    RemoteIterator<FileStatus> directoryEntries(OfsPath directory, Path path) {
        return new DirectoryListing(
                bucketOf(directory),
                directory.key(),
                listingPageSize,
                path,
                statisticsStore,
                entry -> status(directory, entry));
    }

    /** Counts and durations of this file system's operations, and the listing pages it fetched. */
    @Override
    public IOStatistics getIOStatistics() {
        return statisticsStore.store();
    }
}
