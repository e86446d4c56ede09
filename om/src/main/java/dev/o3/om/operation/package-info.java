/**
 * The registry of OM's write operations ({@link dev.o3.om.operation.WriteOperations}): for each, what the leader does
 * before logging it ({@link dev.o3.om.operation.LeaderPreparation}), what every OM applies, the response type and the
 * gRPC method that carries it. The recipe for adding one is in {@link dev.o3.om.request}.
 */
package dev.o3.om.operation;
