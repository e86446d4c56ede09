/**
 * The Netty side of the gateway: {@link dev.o3.s3gateway.http.S3ChannelHandler} turns HTTP/1.1 messages into
 * exchanges run on worker threads, with request bodies streamed through {@link dev.o3.s3gateway.http.RequestBody}
 * (back-pressure by auto-read, lazy {@code 100 Continue}) and responses written by
 * {@link dev.o3.s3gateway.http.NettyResponder} (back-pressure by channel writability).
 */
package dev.o3.s3gateway.http;
