/** Netty settings shared by O3's own (non-gRPC) Netty servers and clients. */
package dev.o3.common.netty;
