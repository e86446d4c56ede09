package dev.o3.server.lifecycle;

/**
 * A server component (SCM, OM, datanode, S3 gateway) as its launcher and {@code MiniO3Cluster} drive it: construct
 * from configuration, {@link #start()}, then {@link #close()} which stops it and frees every resource (threads,
 * sockets, RocksDB handles). Closing a daemon that never started is allowed. Implementations use {@link
 * DaemonLifecycle}, so start and close behave the same in every daemon.
 */
public interface Daemon extends AutoCloseable {
    /** Short name for logs, e.g. {@code scm} or {@code dn-127.0.0.11}. */
    String name();

    /**
     * Binds ports and starts background work; returns once the daemon serves requests.
     *
     * @throws java.io.UncheckedIOException when a port or directory is unusable
     */
    void start();

    /**
     * Stops the daemon and frees its resources, once; a concurrent or later call returns when the first one is done.
     *
     * @throws IllegalStateException after everything was closed, when some component failed to close
     */
    @Override
    void close();
}
