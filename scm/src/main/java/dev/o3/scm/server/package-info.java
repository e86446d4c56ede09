/** SCM process wiring: {@link dev.o3.scm.server.ScmServer} starts the gRPC services and the status server. */
package dev.o3.scm.server;
