package dev.o3.hadoopfs;

import dev.o3.client.io.KeyInputStream;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * A file opened for reading: seekable, with positioned reads that leave the stream's position alone (the O3 key stream
 * reads only the byte ranges asked for, verifying checksums). Not thread-safe, as Hadoop input streams are not.
 */
final class OfsInputStream extends FSInputStream {
    private final KeyInputStream key;
    private final FileSystem.Statistics statistics;
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
        int n = key.read(position, buffer, offset, length);
        count(n);
        return n;
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

    private void count(int bytes) {
        if (bytes > 0 && statistics != null) {
            statistics.incrementBytesRead(bytes);
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED);
        }
    }
}
