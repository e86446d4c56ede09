package dev.o3.datanode.cache;

/**
 * One page of a cached chunk: bytes {@code [index * pageSize, min((index + 1) * pageSize, chunk length))} of it.
 *
 * @param chunk the chunk
 * @param index page number within the chunk
 */
record PageKey(ChunkKey chunk, int index) {}
