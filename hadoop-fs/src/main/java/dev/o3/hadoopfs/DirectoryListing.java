package dev.o3.hadoopfs;

import dev.o3.client.api.DirectoryPage;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.PathStatus;
import dev.o3.client.om.OmException;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The entries of one directory inside a bucket, fetched from OM a page at a time as the caller iterates: memory holds
 * one page, whatever the directory's size, and nothing is fetched before the first {@code hasNext}. Not thread-safe.
 */
final class DirectoryListing implements RemoteIterator<FileStatus> {
    private final OzoneBucket bucket;
    private final String directory;
    private final int pageSize;
    private final Path path;
    private final OfsStatistics statistics;
    private final Function<PathStatus, FileStatus> toStatus;
    private Iterator<PathStatus> page = Collections.emptyIterator();
    private Optional<String> nextStartAfter = Optional.of("");

    /**
     * @param directory the directory's path inside the bucket, "" for the bucket's top level
     * @param path the directory as the caller named it, for error messages
     */
    DirectoryListing(
            OzoneBucket bucket,
            String directory,
            int pageSize,
            Path path,
            OfsStatistics statistics,
            Function<PathStatus, FileStatus> toStatus) {
        this.bucket = bucket;
        this.directory = directory;
        this.pageSize = pageSize;
        this.path = path;
        this.statistics = statistics;
        this.toStatus = toStatus;
    }

    @Override
    public boolean hasNext() throws IOException {
        while (!page.hasNext() && nextStartAfter.isPresent()) {
            DirectoryPage fetched;
            try {
                fetched = bucket.paths().listDirectory(directory, nextStartAfter.get(), pageSize);
            } catch (OmException e) {
                throw Errors.translate(e, path);
            }
            statistics.listRequest();
            page = fetched.entries().iterator();
            nextStartAfter = fetched.nextStartAfter();
        }
        return page.hasNext();
    }

    @Override
    public FileStatus next() throws IOException {
        if (!hasNext()) {
            throw new NoSuchElementException("no more entries in " + path);
        }
        return toStatus.apply(page.next());
    }
}
