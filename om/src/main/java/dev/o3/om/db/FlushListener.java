package dev.o3.om.db;

/** Told about every double-buffer flush (metrics, tests). Called on the flusher thread; must not block. */
@FunctionalInterface
public interface FlushListener {
    void flushed(int transactions, int rowWrites, long nanos);
}
