package dev.o3.datanode.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * Page files on the cache device, one file per page under {@code <dir>/pages/<containerId>/}. A file holds a header
 * (magic, the page's key, its length and the CRC32C of its data) and the data. It is written to a temporary name and
 * renamed, so a reader never sees half a page; it is not synced, because a page torn by a crash fails its CRC and is
 * dropped. Every file gets a new name, so deleting an evicted page never removes a newer copy. Thread-safe.
 */
final class PageFiles {
    static final int HEADER = 48;
    private static final int MAGIC = 0x4F335047; // "O3PG"
    private static final String SUFFIX = ".page";
    private static final String TEMP = ".tmp";

    private final Path root;
    private final AtomicLong sequence = new AtomicLong(System.currentTimeMillis() << 16);

    PageFiles(Path dir) {
        this.root = dir.resolve("pages");
    }

    Path root() {
        return root;
    }

    /** Creates the directory and writes, reads and deletes a probe file: whether the device takes pages. */
    void probe() throws IOException {
        Files.createDirectories(root);
        Path probe = root.resolve("probe" + TEMP);
        Files.write(probe, new byte[] {1});
        Files.readAllBytes(probe);
        Files.delete(probe);
    }

    /** Writes a page; returns its file. */
    Path write(PageKey key, ByteBuffer data) throws IOException {
        ChunkKey chunk = key.chunk();
        Path dir = Files.createDirectories(root.resolve(Long.toString(chunk.containerId())));
        String name = chunk.localId() + "-" + chunk.bcsid() + "-" + chunk.chunkOffset() + "-" + key.index() + "-"
                + sequence.incrementAndGet();
        Path temp = dir.resolve(name + TEMP);
        Path file = dir.resolve(name + SUFFIX);
        ByteBuffer header = header(key, data.remaining(), crc(data.duplicate()));
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer body = data.duplicate();
            while (header.hasRemaining() || body.hasRemaining()) {
                channel.write(new ByteBuffer[] {header, body});
            }
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    /**
     * Reads a page's data.
     *
     * @throws CorruptPageException when the header names another page or the data fails its CRC
     * @throws java.nio.file.NoSuchFileException when the file is gone
     */
    ByteBuffer read(Path file, PageKey key, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(HEADER + length);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() != HEADER + length) {
                throw new CorruptPageException(
                        file + " has " + channel.size() + " bytes, expected " + (HEADER + length));
            }
            while (buffer.hasRemaining()) {
                if (channel.read(buffer) < 0) {
                    throw new CorruptPageException(file + " is truncated");
                }
            }
        }
        buffer.flip();
        Header header = Header.parse(buffer);
        if (!header.key().equals(key) || header.length() != length) {
            throw new CorruptPageException(file + " holds " + header.key() + ", expected " + key);
        }
        ByteBuffer data = buffer.slice();
        if (crc(data.duplicate()) != header.crc()) {
            throw new CorruptPageException(file + " fails its CRC32C");
        }
        return data;
    }

    /** Deletes a page file; a missing or undeletable file is left (a failing device is detected by writes). */
    void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // The index no longer names the file; the next start's scan or wipe removes it.
        }
    }

    /** A page file found at start: its key and data length. */
    record Found(Path file, PageKey key, int length) {}

    /** Every complete page file on the device; temporary files are deleted. */
    List<Found> scan() throws IOException {
        List<Found> found = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return found;
        }
        try (DirectoryStream<Path> containers = Files.newDirectoryStream(root)) {
            for (Path dir : containers) {
                if (!Files.isDirectory(dir)) {
                    Files.delete(dir);
                    continue;
                }
                try (DirectoryStream<Path> pages = Files.newDirectoryStream(dir)) {
                    for (Path file : pages) {
                        if (!file.getFileName().toString().endsWith(SUFFIX) || Files.size(file) < HEADER) {
                            Files.delete(file);
                            continue;
                        }
                        ByteBuffer buffer = ByteBuffer.allocate(HEADER);
                        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                                // reads the header
                            }
                        }
                        try {
                            Header header = Header.parse(buffer.flip());
                            found.add(new Found(file, header.key(), header.length()));
                        } catch (CorruptPageException e) {
                            Files.delete(file);
                        }
                    }
                }
            }
        }
        return found;
    }

    /** Deletes every page file. */
    void wipe() throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static ByteBuffer header(PageKey key, int length, int crc) {
        ChunkKey chunk = key.chunk();
        return ByteBuffer.allocate(HEADER)
                .putInt(MAGIC)
                .putLong(chunk.containerId())
                .putLong(chunk.localId())
                .putLong(chunk.bcsid())
                .putLong(chunk.chunkOffset())
                .putInt(key.index())
                .putInt(length)
                .putInt(crc)
                .flip();
    }

    private static int crc(ByteBuffer data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        return (int) crc.getValue();
    }

    private record Header(PageKey key, int length, int crc) {
        static Header parse(ByteBuffer buffer) throws CorruptPageException {
            if (buffer.remaining() < HEADER || buffer.getInt() != MAGIC) {
                throw new CorruptPageException("not a page file");
            }
            ChunkKey chunk = new ChunkKey(buffer.getLong(), buffer.getLong(), buffer.getLong(), buffer.getLong());
            PageKey key = chunk.page(buffer.getInt());
            int length = buffer.getInt();
            int crc = buffer.getInt();
            if (length < 0 || key.index() < 0) {
                throw new CorruptPageException("page header has a negative field");
            }
            return new Header(key, length, crc);
        }
    }
}
