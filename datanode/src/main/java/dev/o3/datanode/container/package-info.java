/**
 * Container replicas: {@link dev.o3.datanode.container.ContainerSet} holds them, {@link
 * dev.o3.datanode.container.ContainerHandler} applies pipeline commands, {@link dev.o3.datanode.container.ChunkStore}
 * moves chunk data in and out of block files.
 */
package dev.o3.datanode.container;
