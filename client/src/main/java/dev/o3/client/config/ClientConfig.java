package dev.o3.client.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a client, parsed once when it is created.
 *
 * @param bytesPerChecksum checksum granularity
 * @param chunkSize size of one chunk write
 * @param writeWindow chunk writes in flight per block
 * @param replicationFactor default replication of new keys (1 or 3)
 * @param maxRetries block write retries after a failure
 * @param blockAllocationTimeout how long a write waits for SCM to have a block to give
 * @param failoverTimeout time to find an OM leader
 * @param omConnections connections to each OM that key calls take in turn
 * @param blockSize size of a block (ozone.scm.block.size); a key's data moves to a new block at this length
 * @param writeBufferMax chunk data all streams of the client may hold together; 0 = no limit
 * @param shortCircuitReads read block files of datanodes on this host directly
 * @param shortCircuitCacheBlocks block files named to this client that it keeps for reading them again
 * @param smallBlockBatches write batches of small blocks in flight per pipeline; 0 sends each small block alone
 * @param smallBlocksCache bytes of small blocks' data kept after reading or writing them; 0 keeps none
 */
public record ClientConfig(
        DataSize bytesPerChecksum,
        DataSize chunkSize,
        int writeWindow,
        int replicationFactor,
        int maxRetries,
        Duration blockAllocationTimeout,
        Duration failoverTimeout,
        int omConnections,
        DataSize blockSize,
        DataSize writeBufferMax,
        boolean shortCircuitReads,
        int shortCircuitCacheBlocks,
        int smallBlockBatches,
        DataSize smallBlocksCache) {

    public ClientConfig {
        Objects.requireNonNull(bytesPerChecksum, "bytesPerChecksum is null");
        Objects.requireNonNull(chunkSize, "chunkSize is null");
        Objects.requireNonNull(blockAllocationTimeout, "blockAllocationTimeout is null");
        Objects.requireNonNull(failoverTimeout, "failoverTimeout is null");
        Objects.requireNonNull(blockSize, "blockSize is null");
        Objects.requireNonNull(writeBufferMax, "writeBufferMax is null");
        Objects.requireNonNull(smallBlocksCache, "smallBlocksCache is null");
        if (bytesPerChecksum.bytes() == 0 || chunkSize.bytes() % bytesPerChecksum.bytes() != 0) {
            throw new ConfigException(ClientConfigKeys.CHUNK_SIZE.name() + " (" + chunkSize
                    + ") must be a positive multiple of " + ClientConfigKeys.BYTES_PER_CHECKSUM.name() + " ("
                    + bytesPerChecksum + ")");
        }
        if (writeBufferMax.bytes() != 0
                && (writeBufferMax.bytes() < chunkSize.bytes() || writeBufferMax.bytes() > Integer.MAX_VALUE)) {
            throw new ConfigException(ClientConfigKeys.WRITE_BUFFER_MAX.name() + " (" + writeBufferMax
                    + ") must be 0 or between " + ClientConfigKeys.CHUNK_SIZE.name() + " (" + chunkSize + ") and 2GB");
        }
    }

    public static ClientConfig from(OzoneConfiguration conf) {
        return new ClientConfig(
                conf.get(ClientConfigKeys.BYTES_PER_CHECKSUM),
                conf.get(ClientConfigKeys.CHUNK_SIZE),
                conf.get(ClientConfigKeys.WRITE_WINDOW),
                Integer.parseInt(conf.get(ClientConfigKeys.REPLICATION)),
                conf.get(ClientConfigKeys.MAX_RETRIES),
                conf.get(ClientConfigKeys.BLOCK_ALLOCATION_TIMEOUT),
                conf.get(ClientConfigKeys.OM_FAILOVER_TIMEOUT),
                conf.get(ClientConfigKeys.OM_CONNECTIONS),
                conf.get(CommonConfigKeys.BLOCK_SIZE),
                conf.get(ClientConfigKeys.WRITE_BUFFER_MAX),
                conf.get(ClientConfigKeys.READ_SHORT_CIRCUIT),
                conf.get(ClientConfigKeys.READ_SHORT_CIRCUIT_CACHE_BLOCKS),
                conf.get(ClientConfigKeys.WRITE_BATCHES),
                conf.get(ClientConfigKeys.READ_SMALL_BLOCKS_CACHE));
    }
}
