package dev.o3.hadoopfs;

import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_HFLUSH;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_HSYNC;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_WRITE_BYTES;
import static org.apache.hadoop.fs.statistics.StreamStatisticNames.STREAM_WRITE_EXCEPTIONS;

import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;

/**
 * A file being written. {@link #hflush()} and {@link #hsync()} are the same and durable on return: every byte written
 * so far is committed by the pipeline's Raft group and OM shows the file with that length, while it stays open for
 * more writes; a writer that dies afterwards leaves those bytes readable. {@link #close()} commits the final length.
 * Declares the {@code hflush} and {@code hsync} capabilities, and its statistics ({@code stream_write_bytes},
 * {@code op_hflush}, {@code op_hsync} with their durations). One writer, as Hadoop output streams have.
 */
final class OfsOutputStream extends OutputStream implements StreamCapabilities, Syncable, IOStatisticsSource {
    private final KeyOutputStream key;
    private final Path path;
    private final IOStatisticsStore statistics = IOStatisticsBinding.iostatisticsStore()
            .withCounters(STREAM_WRITE_BYTES, STREAM_WRITE_EXCEPTIONS)
            .withDurationTracking(OP_HFLUSH, OP_HSYNC)
            .build();
    private boolean closed;

    OfsOutputStream(KeyOutputStream key, Path path) {
        this.key = key;
        this.path = path;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] data, int offset, int length) throws IOException {
        try {
            key.write(data, offset, length);
            statistics.incrementCounter(STREAM_WRITE_BYTES, length);
        } catch (OmException e) {
            statistics.incrementCounter(STREAM_WRITE_EXCEPTIONS);
            throw Errors.translate(e, path);
        } catch (IOException e) {
            statistics.incrementCounter(STREAM_WRITE_EXCEPTIONS);
            throw e;
        }
    }

    @Override
    public void hflush() throws IOException {
        IOStatisticsBinding.trackDurationOfInvocation(statistics, OP_HFLUSH, this::sync);
    }

    @Override
    public void hsync() throws IOException {
        IOStatisticsBinding.trackDurationOfInvocation(statistics, OP_HSYNC, this::sync);
    }

    /**
     * Makes the file visible right away, empty, as HDFS shows a file once it is created; on failure the write is
     * abandoned (nothing becomes visible, OM's open-key cleanup frees the session).
     */
    void publish() throws IOException {
        try {
            sync();
        } catch (IOException | RuntimeException e) {
            closed = true;
            key.abort();
            throw e;
        }
    }

    private void sync() throws IOException {
        try {
            key.hsync();
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public boolean hasCapability(String capability) {
        return switch (capability.toLowerCase(Locale.ROOT)) {
                // "hflush" is StreamCapabilities.HFLUSH, deprecated in favour of HSYNC although Hadoop's tests still
                // ask.
            case "hflush", StreamCapabilities.HSYNC, StreamCapabilities.IOSTATISTICS -> true;
            default -> false;
        };
    }

    @Override
    public IOStatisticsStore getIOStatistics() {
        return statistics;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            try {
                key.close();
            } catch (OmException e) {
                throw Errors.translate(e, path);
            }
        }
    }
}
