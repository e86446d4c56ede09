package dev.o3.datanode.volume;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a data volume still has room for writes: its file system's free space is at least what the volume keeps
 * free ({@code hdds.datanode.volume.min.free.space}) for its database and the Raft logs. The write path asks per
 * chunk, so the free space is read (a statfs) at most once a second; a write that ran out of space marks the volume
 * full at once. A full volume is not a failed one: it keeps serving reads and takes writes again once space is freed.
 * Thread-safe.
 */
final class VolumeRoom {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeRoom.class);
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String name;
    private final long minFreeSpace;
    private volatile boolean full;
    private volatile long checkedAt = System.nanoTime() - RECHECK_NANOS;

    VolumeRoom(String name, long minFreeSpace) {
        this.name = name;
        this.minFreeSpace = minFreeSpace;
    }

    /** Whether the free space was read more than a second ago. */
    boolean stale() {
        return System.nanoTime() - checkedAt >= RECHECK_NANOS;
    }

    boolean full() {
        return full;
    }

    long minFreeSpace() {
        return minFreeSpace;
    }

    /** Records the free space just read. */
    void update(long available) {
        checkedAt = System.nanoTime();
        set(available < minFreeSpace, available + " bytes free, " + minFreeSpace + " kept free");
    }

    /** Records a write that failed for want of space; the next read of the free space decides again. */
    void outOfSpace(Throwable cause) {
        checkedAt = System.nanoTime();
        set(true, String.valueOf(cause));
    }

    private void set(boolean nowFull, String why) {
        if (nowFull == full) {
            return;
        }
        full = nowFull;
        if (nowFull) {
            LOG.warn("{} is full ({}): it takes no new writes until space is freed", name, why);
        } else {
            LOG.info("{} has room again ({})", name, why);
        }
    }

    /** Whether a failure (or one of its causes) is the file system running out of space or quota. */
    static boolean isOutOfSpace(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null
                    && (message.contains("No space left on device") || message.contains("Disk quota exceeded"))) {
                return true;
            }
        }
        return false;
    }
}
