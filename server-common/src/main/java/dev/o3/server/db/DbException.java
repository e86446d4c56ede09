package dev.o3.server.db;

/** A RocksDB operation failed; the database may be unusable (disk full, corruption, I/O error). */
public final class DbException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DbException(String message, Throwable cause) {
        super(message, cause);
    }
}
