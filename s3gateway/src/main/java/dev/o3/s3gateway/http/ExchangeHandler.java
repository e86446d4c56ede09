package dev.o3.s3gateway.http;

/** Runs exchanges; called on a worker thread, may block. Must always send a response or close the channel. */
@FunctionalInterface
public interface ExchangeHandler {
    void handle(Exchange exchange);
}
