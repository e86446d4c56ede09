/**
 * TLS for O3's gRPC and Ratis channels: the configuration keys, PEM files, a key manager that takes a renewed
 * certificate without a restart, and the {@link dev.o3.common.grpc.TransportSecurity} that applies them. JDK and
 * Netty only: clients need no certificate library; issuing certificates is server code.
 */
package dev.o3.common.security.tls;
