/**
 * The read service: {@link dev.o3.datanode.read.ReadServer} (gRPC) answers GetBlock, ListBlock and ReadChunk through
 * {@link dev.o3.datanode.read.ReadHandler}; chunk data comes from a {@link dev.o3.datanode.read.ChunkSource}, the
 * seam where the SSD read cache plugs in.
 */
package dev.o3.datanode.read;
