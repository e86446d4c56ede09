package dev.o3.s3gateway.config;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The settings the S3 gateway runs with, parsed once at start-up.
 *
 * @param httpAddress S3 endpoint address
 * @param domainNames domains for virtual-host-style addressing
 * @param omChannels persistent channels to the OM leader
 * @param maxClockSkew largest accepted difference between request time and gateway time
 */
public record S3GatewayConfig(
        HostAndPort httpAddress, List<String> domainNames, int omChannels, Duration maxClockSkew) {

    public S3GatewayConfig {
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        domainNames = List.copyOf(domainNames);
        Objects.requireNonNull(maxClockSkew, "maxClockSkew is null");
    }

    public static S3GatewayConfig from(OzoneConfiguration conf) {
        return new S3GatewayConfig(
                conf.get(S3GatewayConfigKeys.HTTP_ADDRESS),
                conf.find(S3GatewayConfigKeys.DOMAIN_NAMES).orElse(List.of()),
                conf.get(S3GatewayConfigKeys.OM_CHANNELS),
                conf.get(S3GatewayConfigKeys.MAX_CLOCK_SKEW));
    }
}
