package dev.o3.s3gateway.config;

import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The settings the S3 gateway runs with, parsed once at start-up.
 *
 * @param httpAddress S3 endpoint address
 * @param webAdminAddress status server address ({@code /prom})
 * @param domainNames domains for virtual-host-style addressing
 * @param omChannels persistent channels to the OM leader
 * @param maxClockSkew largest accepted difference between request time and gateway time
 * @param secretCacheTtl how long secrets read from the OM are reused
 * @param workerThreads threads running requests
 * @param eventLoopThreads Netty event loops (0 = Netty's default)
 * @param requestBuffer per-request body buffer before reading pauses
 * @param idleTimeout idle keep-alive connections are closed after this
 * @param listMaxKeys largest ListObjects page
 * @param region region reported to clients
 */
public record S3GatewayConfig(
        HostAndPort httpAddress,
        HostAndPort webAdminAddress,
        List<String> domainNames,
        int omChannels,
        Duration maxClockSkew,
        Duration secretCacheTtl,
        int workerThreads,
        int eventLoopThreads,
        DataSize requestBuffer,
        Duration idleTimeout,
        int listMaxKeys,
        String region) {

    public S3GatewayConfig {
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        Objects.requireNonNull(webAdminAddress, "webAdminAddress is null");
        domainNames = List.copyOf(domainNames);
        Objects.requireNonNull(maxClockSkew, "maxClockSkew is null");
        Objects.requireNonNull(secretCacheTtl, "secretCacheTtl is null");
        Objects.requireNonNull(requestBuffer, "requestBuffer is null");
        Objects.requireNonNull(idleTimeout, "idleTimeout is null");
        Objects.requireNonNull(region, "region is null");
    }

    public static S3GatewayConfig from(OzoneConfiguration conf) {
        return new S3GatewayConfig(
                conf.get(S3GatewayConfigKeys.HTTP_ADDRESS),
                conf.get(S3GatewayConfigKeys.WEBADMIN_HTTP_ADDRESS),
                conf.find(S3GatewayConfigKeys.DOMAIN_NAMES).orElse(List.of()),
                conf.get(S3GatewayConfigKeys.OM_CHANNELS),
                conf.get(S3GatewayConfigKeys.MAX_CLOCK_SKEW),
                conf.get(S3GatewayConfigKeys.SECRET_CACHE_TTL),
                conf.get(S3GatewayConfigKeys.WORKER_THREADS),
                conf.get(S3GatewayConfigKeys.EVENT_LOOP_THREADS),
                conf.get(S3GatewayConfigKeys.REQUEST_BUFFER),
                conf.get(S3GatewayConfigKeys.IDLE_TIMEOUT),
                conf.get(S3GatewayConfigKeys.LIST_MAX_KEYS),
                conf.get(S3GatewayConfigKeys.REGION));
    }
}
