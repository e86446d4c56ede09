package dev.o3.datanode.volume;

/**
 * Space of a volume's file system.
 *
 * @param capacity total bytes
 * @param used bytes in use
 * @param available bytes this process may still write
 */
public record VolumeUsage(long capacity, long used, long available) {
    public static final VolumeUsage NONE = new VolumeUsage(0, 0, 0);
}
