/**
 * A service's own certificate: requested from SCM's CA on first start, kept in the metadata dir, renewed inside the
 * renewal window while the service runs (its TLS key manager takes the new one), and turned into the process's gRPC
 * transport security.
 */
package dev.o3.server.security.tls;
