package dev.o3.om.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Holds the open {@link OmStore} and swaps it for a RocksDB checkpoint received from the leader (a Ratis snapshot).
 * Threading: {@link #get} from any thread; {@link #replaceWith} only while the state machine is paused.
 */
public final class OmStoreHolder implements Supplier<OmStore>, AutoCloseable {
    private final String logPrefix;
    private final Path directory;
    private final int maxUnflushed;
    private final int flushedRows;
    private final long blockCacheBytes;
    private final FlushListener listener;
    private final Consumer<Throwable> faultHandler;
    private volatile OmStore store;

    public OmStoreHolder(
            String logPrefix,
            Path directory,
            int maxUnflushed,
            int flushedRows,
            long blockCacheBytes,
            FlushListener listener,
            Consumer<Throwable> faultHandler) {
        this.logPrefix = logPrefix;
        this.directory = directory;
        this.maxUnflushed = maxUnflushed;
        this.flushedRows = flushedRows;
        this.blockCacheBytes = blockCacheBytes;
        this.listener = listener;
        this.faultHandler = faultHandler;
        this.store =
                OmStore.open(logPrefix, directory, maxUnflushed, flushedRows, blockCacheBytes, listener, faultHandler);
    }

    @Override
    public OmStore get() {
        return store;
    }

    /**
     * Closes the current store, replaces its files by a copy of {@code checkpoint} and opens that.
     *
     * @throws UncheckedIOException when the files cannot be copied
     */
    public OmStore replaceWith(Path checkpoint) {
        store.close();
        try {
            deleteRecursively(directory);
            Files.createDirectories(directory);
            try (Stream<Path> files = Files.list(checkpoint)) {
                for (Path file : files.toList()) {
                    if (file.getFileName().toString().endsWith(".md5")) {
                        continue; // Ratis' transfer checksums, not database files
                    }
                    Path target = directory.resolve(file.getFileName().toString());
                    if (file.getFileName().toString().endsWith(".sst")) {
                        Files.createLink(target, file); // immutable, so a hard link is a safe copy
                    } else {
                        Files.copy(file, target);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install checkpoint " + checkpoint + " into " + directory, e);
        }
        store = OmStore.open(logPrefix, directory, maxUnflushed, flushedRows, blockCacheBytes, listener, faultHandler);
        return store;
    }

    @Override
    public void close() {
        store.close();
    }

    /** Deletes a directory tree if it exists. */
    public static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> paths = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path path : paths) {
                Files.delete(path);
            }
        }
    }
}
