package dev.o3.hadoopfs;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.util.functional.FunctionRaisingIOE;

/**
 * Hadoop's {@code listFiles}: the files under a path, and with {@code recursive} those of every sub-directory, depth
 * first. Each directory is listed lazily ({@link DirectoryListing}), so memory holds one page per level of depth.
 * Not thread-safe.
 */
final class FileListing implements RemoteIterator<LocatedFileStatus> {
    private final boolean recursive;
    private final FunctionRaisingIOE<Path, RemoteIterator<FileStatus>> lister;
    private final FunctionRaisingIOE<FileStatus, LocatedFileStatus> locate;
    private final Deque<RemoteIterator<FileStatus>> levels = new ArrayDeque<>();
    private LocatedFileStatus next;

    FileListing(
            RemoteIterator<FileStatus> top,
            boolean recursive,
            FunctionRaisingIOE<Path, RemoteIterator<FileStatus>> lister,
            FunctionRaisingIOE<FileStatus, LocatedFileStatus> locate) {
        this.recursive = recursive;
        this.lister = lister;
        this.locate = locate;
        levels.push(top);
    }

    @Override
    public boolean hasNext() throws IOException {
        while (next == null && !levels.isEmpty()) {
            RemoteIterator<FileStatus> level = levels.peek();
            if (!level.hasNext()) {
                levels.pop();
                continue;
            }
            FileStatus status = level.next();
            if (status.isFile()) {
                next = locate.apply(status);
            } else if (recursive) {
                levels.push(lister.apply(status.getPath()));
            }
        }
        return next != null;
    }

    @Override
    public LocatedFileStatus next() throws IOException {
        if (!hasNext()) {
            throw new NoSuchElementException("no more files");
        }
        LocatedFileStatus result = next;
        next = null;
        return result;
    }
}
