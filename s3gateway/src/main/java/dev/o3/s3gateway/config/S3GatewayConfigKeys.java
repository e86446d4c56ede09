package dev.o3.s3gateway.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.HostAndPort;
import java.time.Duration;
import java.util.List;

/** Keys of the S3 gateway (names as in Apache Ozone). */
public final class S3GatewayConfigKeys implements ConfigGroup {
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "ozone.s3g.http-address",
            ConfigType.address(9878),
            "0.0.0.0:9878",
            "Address the S3 REST endpoint listens on.");
    public static final ConfigKey<List<String>> DOMAIN_NAMES = ConfigKey.optional(
            "ozone.s3g.domain.name",
            ConfigType.STRING_LIST,
            "Domain names for virtual-host-style addressing (bucket.domain); unset = path-style only.");
    public static final ConfigKey<Integer> OM_CHANNELS = ConfigKey.of(
            "ozone.s3g.om.channels",
            ConfigType.intRange(1, 64),
            "2",
            "Persistent gRPC channels from the gateway to the OM leader.");
    public static final ConfigKey<Duration> MAX_CLOCK_SKEW = ConfigKey.of(
            "ozone.s3g.max.clock.skew",
            ConfigType.DURATION_TYPE,
            "15m",
            "Requests signed further than this from the gateway's clock get RequestTimeTooSkewed.");

    @Override
    public String title() {
        return "S3 gateway";
    }

    @Override
    public int order() {
        return 50;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(HTTP_ADDRESS, DOMAIN_NAMES, OM_CHANNELS, MAX_CLOCK_SKEW);
    }
}
