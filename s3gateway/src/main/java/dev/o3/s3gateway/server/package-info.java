/** The S3 gateway daemon: {@link dev.o3.s3gateway.server.S3GatewayServer} wires config, Netty and handlers. */
package dev.o3.s3gateway.server;
