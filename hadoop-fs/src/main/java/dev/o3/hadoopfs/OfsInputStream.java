package dev.o3.hadoopfs;

import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_BYTES;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_OPERATIONS;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_SEEK_OPERATIONS;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_VECTORED_COMBINED_RANGES;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_VECTORED_INCOMING_RANGES;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_READ_VECTORED_OPERATIONS;

import dev.o3.client.io.KeyInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.VectoredReadUtils;
import org.apache.hadoop.fs.impl.CombinedFileRange;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;

/**
 * A file opened for reading: seekable, with positioned reads that leave the stream's position alone (the O3 key stream
 * reads only the byte ranges asked for, verifying checksums). A vectored read sorts its ranges, coalesces those less
 * than {@value #MIN_SEEK} bytes apart (up to {@value #MAX_MERGED} bytes each) and serves each coalesced range with one
 * positioned read, before it returns. Its statistics count bytes and read, seek and vectored-read operations. Not
 * thread-safe, as Hadoop input streams are not.
 */
final class OfsInputStream extends FSInputStream implements StreamCapabilities, IOStatisticsSource {
    /** Ranges closer than this are read as one: a chunk's ReadChunk costs more than reading past a small gap. */
    private static final int MIN_SEEK = 64 * 1024;

    private static final int MAX_MERGED = 4 * 1024 * 1024;

    private final KeyInputStream key;
    private final FileSystem.Statistics statistics;
    private final IOStatisticsStore streamStatistics = IOStatisticsBinding.iostatisticsStore()
            .withCounters(
                    STREAM_READ_BYTES,
                    STREAM_READ_OPERATIONS,
                    STREAM_READ_SEEK_OPERATIONS,
                    STREAM_READ_VECTORED_OPERATIONS,
                    STREAM_READ_VECTORED_INCOMING_RANGES,
                    STREAM_READ_VECTORED_COMBINED_RANGES)
            .build();
    private boolean closed;

    OfsInputStream(KeyInputStream key, FileSystem.Statistics statistics) {
        this.key = key;
        this.statistics = statistics;
    }

    @Override
    public void seek(long position) throws IOException {
        checkOpen();
        if (position < 0) {
            throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + position);
        }
        if (position > key.length()) {
            throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + position);
        }
        key.seek(position);
        streamStatistics.incrementCounter(STREAM_READ_SEEK_OPERATIONS);
    }

    @Override
    public long getPos() throws IOException {
        checkOpen();
        return key.position();
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
        return false;
    }

    @Override
    public int read() throws IOException {
        checkOpen();
        streamStatistics.incrementCounter(STREAM_READ_OPERATIONS);
        int b = key.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        checkOpen();
        if (length == 0) {
            return 0;
        }
        streamStatistics.incrementCounter(STREAM_READ_OPERATIONS);
        int n = key.read(buffer, offset, length);
        count(n);
        return n;
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
        checkOpen();
        validatePositionedReadArgs(position, buffer, offset, length);
        if (length == 0) {
            return 0;
        }
        if (position >= key.length()) {
            return -1;
        }
        streamStatistics.incrementCounter(STREAM_READ_OPERATIONS);
        int n = key.read(position, buffer, offset, length);
        count(n);
        return n;
    }

    @Override
    public int minSeekForVectorReads() {
        return MIN_SEEK;
    }

    @Override
    public int maxReadSizeForVectorReads() {
        return MAX_MERGED;
    }

    @Override
    public void readVectored(List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate) throws IOException {
        readVectored(ranges, allocate, buffer -> {});
    }

    @Override
    public void readVectored(
            List<? extends FileRange> ranges, IntFunction<ByteBuffer> allocate, Consumer<ByteBuffer> release)
            throws IOException {
        checkOpen();
        Objects.requireNonNull(allocate, "allocate is null");
        Objects.requireNonNull(release, "release is null");
        long length = key.length();
        streamStatistics.incrementCounter(STREAM_READ_VECTORED_OPERATIONS);
        streamStatistics.incrementCounter(STREAM_READ_VECTORED_INCOMING_RANGES, ranges.size());
        List<FileRange> inFile = new ArrayList<>();
        for (FileRange range : VectoredReadUtils.validateAndSortRanges(ranges, Optional.empty())) {
            range.setData(new CompletableFuture<>());
            if (range.getOffset() + range.getLength() > length) {
                // As a positioned read would: the range's own future fails, the others are still served.
                range.getData()
                        .completeExceptionally(new EOFException(
                                FSExceptionMessages.EOF_IN_READ_FULLY + ": " + range + ", file length " + length));
            } else {
                inFile.add(range);
            }
        }
        for (CombinedFileRange combined : VectoredReadUtils.mergeSortedRanges(inFile, 1, MIN_SEEK, MAX_MERGED)) {
            streamStatistics.incrementCounter(STREAM_READ_VECTORED_COMBINED_RANGES);
            readCombined(combined, allocate);
        }
    }

    /** One positioned read for the coalesced range, sliced into each caller's range. */
    private void readCombined(CombinedFileRange combined, IntFunction<ByteBuffer> allocate) {
        byte[] data = new byte[Math.toIntExact(combined.getLength())];
        try {
            readFully(combined.getOffset(), data, 0, data.length);
        } catch (IOException | RuntimeException e) {
            combined.getUnderlying().forEach(range -> range.getData().completeExceptionally(e));
            return;
        }
        for (FileRange range : combined.getUnderlying()) {
            ByteBuffer buffer = allocate.apply(range.getLength());
            buffer.put(data, Math.toIntExact(range.getOffset() - combined.getOffset()), range.getLength());
            buffer.flip();
            range.getData().complete(buffer);
        }
    }

    @Override
    public int available() throws IOException {
        checkOpen();
        return key.available();
    }

    @Override
    public long skip(long n) throws IOException {
        checkOpen();
        return key.skip(n);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            key.close();
        }
    }

    @Override
    public boolean hasCapability(String capability) {
        return switch (capability.toLowerCase(Locale.ROOT)) {
            case StreamCapabilities.IOSTATISTICS, StreamCapabilities.VECTOREDIO -> true;
            default -> false;
        };
    }

    @Override
    public IOStatisticsStore getIOStatistics() {
        return streamStatistics;
    }

    private void count(int bytes) {
        if (bytes > 0) {
            streamStatistics.incrementCounter(STREAM_READ_BYTES, bytes);
            if (statistics != null) {
                statistics.incrementBytesRead(bytes);
            }
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED);
        }
    }
}
