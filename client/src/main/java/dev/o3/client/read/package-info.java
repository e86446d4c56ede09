/**
 * Client of a datanode's read service: {@link dev.o3.client.read.ContainerReadClient} streams GetBlock, ListBlock
 * and checksum-verified ReadChunk requests to any replica.
 */
package dev.o3.client.read;
