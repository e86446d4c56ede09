package dev.o3.freon.runner;

/** One unit of load, e.g. write key number {@code index}; returns the bytes it moved. */
@FunctionalInterface
public interface Operation {
    /**
     * Runs operation {@code index}.
     *
     * @return payload bytes written or read (0 for metadata operations)
     * @throws Exception any failure, counted and reported, never hidden
     */
    long run(long index) throws Exception;
}
