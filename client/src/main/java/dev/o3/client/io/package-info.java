/**
 * Key streams: {@link dev.o3.client.io.KeyOutputStream} writes chunks to a pipeline with a window of writes in flight
 * and retries on a new block after a failure; {@link dev.o3.client.io.KeyInputStream} reads from any replica, checks
 * every CRC32C and fails over. Datanode connections are cached in {@link dev.o3.client.io.DatanodeClients}.
 */
package dev.o3.client.io;
