/**
 * The SSD read cache: pages of committed chunks of closed containers kept on a fast device and served instead of the
 * data volume. {@link dev.o3.datanode.cache.ReadCache} is the {@link dev.o3.datanode.read.ChunkSource} of client
 * reads; {@link dev.o3.datanode.cache.AdmissionPolicy} decides which chunks are worth writing to the device.
 */
package dev.o3.datanode.cache;
