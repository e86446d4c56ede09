package dev.o3.datanode.server;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.datanode.cache.CacheSettings;
import dev.o3.datanode.cache.ReadCache;
import dev.o3.datanode.config.ContainerConfig;
import dev.o3.datanode.config.DatanodeConfig;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.read.ReadHandler;
import dev.o3.datanode.read.VolumeChunkSource;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.server.http.StatusHttpServer;

/**
 * The datanode's storage, recovered from disk: volumes, containers, chunk I/O, the command handler of the pipelines,
 * the SSD read cache and the read handler of the read service.
 *
 * @param volumes data volumes (owned: close them)
 * @param containers container replicas of the healthy volumes
 * @param chunks chunk file I/O
 * @param handler pipeline command handler
 * @param reads read service handler
 * @param cache the SSD read cache of client reads (owned: close it)
 */
record StorageStack(
        VolumeSet volumes,
        ContainerSet containers,
        ChunkStore chunks,
        ContainerHandler handler,
        ReadHandler reads,
        ReadCache cache) {
    /** Serves the cache's status and mode switch ({@code ozone admin datanode cache}) on the datanode's HTTP port. */
    void serveCacheOn(StatusHttpServer http) {
        http.addJsonEndpoint(CacheEndpoint.PATH, new CacheEndpoint(cache));
    }

    static StorageStack open(
            String name,
            DatanodeConfig config,
            ContainerConfig containerConfig,
            OzoneConfiguration conf,
            DatanodeMetrics metrics,
            BlockAccess access) {
        VolumeSet volumes = VolumeSet.open(
                name,
                config.dataDirs(),
                containerConfig.containerSize().bytes(),
                config.volumeMinFreeSpace().bytes());
        ContainerSet containers = ContainerSet.load(name, volumes);
        ChunkStore chunks =
                new ChunkStore(metrics, containerConfig.chunkWriteSync(), containerConfig.chunkWriteDirect());
        ReadCache cache = ReadCache.open(
                name, CacheSettings.from(conf), containers, new VolumeChunkSource(name, chunks, metrics));
        return new StorageStack(
                volumes,
                containers,
                chunks,
                new ContainerHandler(name, containers, chunks, access),
                new ReadHandler(containers, cache, access, metrics, containerConfig.shortCircuitReads()),
                cache);
    }
}
