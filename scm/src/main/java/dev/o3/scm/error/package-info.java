/**
 * SCM's error codes: {@link dev.o3.scm.error.ScmErrorCode} (stable numbers, categories) and the
 * {@link dev.o3.scm.error.ScmException} that carries one to the gRPC services, which map it to a gRPC status.
 */
package dev.o3.scm.error;
