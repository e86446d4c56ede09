/**
 * Client-and-server helpers of the container protocol: chunk checksums ({@link
 * dev.o3.common.container.ChunkChecksums}) and the typed failure of a command ({@link
 * dev.o3.common.container.ContainerCommandException}).
 */
package dev.o3.common.container;
