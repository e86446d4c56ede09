package dev.o3.freon.runner;

import java.util.concurrent.CompletableFuture;

/**
 * One unit of load started without blocking, e.g. look up key number {@code index}; the future completes with the
 * bytes it moved, or fails. Starting must be cheap: it runs on the thread that completed the previous operation.
 */
@FunctionalInterface
public interface AsyncOperation {
    CompletableFuture<Long> start(long index);
}
