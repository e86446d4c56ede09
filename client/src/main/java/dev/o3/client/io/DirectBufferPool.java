package dev.o3.client.io;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Direct buffers for the chunks a client reads from block files, kept for the next read. A short-circuit read into a
 * fresh heap array cost each 1 MiB GET the array's zeroing, the JDK's copy out of its own direct buffer and another
 * copy when the CRC32Cs were computed over the array's read-only view; a pooled direct buffer takes the bytes straight
 * from {@code pread} and is checksummed in place. Buffers come in power-of-two sizes; at most {@code idleBytesMax}
 * of them wait for reuse, and a buffer not given back is garbage like any other. Thread-safe.
 */
final class DirectBufferPool {
    /** The smallest buffer handed out (64 KiB): smaller chunks share one size. */
    private static final int MIN_SHIFT = 16;

    private static final int MAX_SHIFT = 30;

    private final long idleBytesMax;
    private final AtomicLong idleBytes = new AtomicLong();
    private final AtomicLong made = new AtomicLong();
    /** Idle buffers by size: index i holds those of 2^(MIN_SHIFT + i) bytes. */
    private final List<Queue<ByteBuffer>> idle = new ArrayList<>();

    DirectBufferPool(long idleBytesMax) {
        if (idleBytesMax < 0) {
            throw new IllegalArgumentException("idleBytesMax must not be negative: " + idleBytesMax);
        }
        this.idleBytesMax = idleBytesMax;
        for (int shift = MIN_SHIFT; shift <= MAX_SHIFT; shift++) {
            idle.add(new ConcurrentLinkedQueue<>());
        }
    }

    /** A direct buffer with position 0 and limit {@code size}; its contents are whatever its last user left. */
    ByteBuffer take(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        int shift = shiftFor(size);
        if (shift > MAX_SHIFT) {
            throw new IllegalArgumentException("size is above " + (1 << MAX_SHIFT) + ": " + size);
        }
        ByteBuffer buffer = idle.get(shift - MIN_SHIFT).poll();
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(1 << shift);
            made.incrementAndGet();
        } else {
            idleBytes.addAndGet(-buffer.capacity());
        }
        return buffer.clear().limit(size);
    }

    /** Gives back a buffer from {@link #take}; the caller must hold no view of it any more. */
    void give(ByteBuffer buffer) {
        int capacity = buffer.capacity();
        if (!buffer.isDirect() || Integer.bitCount(capacity) != 1 || capacity < (1 << MIN_SHIFT)) {
            throw new IllegalArgumentException("not a buffer of this pool: " + buffer);
        }
        if (idleBytes.addAndGet(capacity) > idleBytesMax) {
            idleBytes.addAndGet(-capacity);
            return;
        }
        idle.get(Integer.numberOfTrailingZeros(capacity) - MIN_SHIFT).offer(buffer);
    }

    /** Bytes of the buffers waiting for reuse. */
    long idleBytes() {
        return idleBytes.get();
    }

    /** Buffers allocated so far: those a reuse did not save. */
    long made() {
        return made.get();
    }

    private static int shiftFor(int size) {
        int shift = size <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1);
        return Math.max(MIN_SHIFT, shift);
    }
}
