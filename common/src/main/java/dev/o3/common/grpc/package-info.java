/**
 * The one place O3 builds gRPC channels and servers: {@link dev.o3.common.grpc.GrpcFactory} applies the process-wide
 * {@link dev.o3.common.grpc.GrpcConfig} (message size, keepalive, transport security) to every one of them.
 */
package dev.o3.common.grpc;
