package dev.o3.common.grpc;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.DataSize;
import java.time.Duration;
import java.util.List;

/** Keys of every gRPC channel and server of a process (clients, OM, SCM, datanodes); see {@link GrpcConfig}. */
public final class GrpcConfigKeys implements ConfigGroup {
    public static final ConfigKey<DataSize> MESSAGE_SIZE_MAX = ConfigKey.of(
                    "hdds.grpc.message.size.max",
                    ConfigType.DATA_SIZE,
                    "64MB",
                    "Largest gRPC message a channel or server accepts (chunk reads, listings, container reports); "
                            + "the alias is Ozone's key for OM calls only.")
            .withAliases("ozone.om.grpc.maximum.response.length");
    public static final ConfigKey<Duration> KEEPALIVE_TIME = ConfigKey.of(
            "hdds.grpc.keepalive.time",
            ConfigType.DURATION_TYPE,
            "2h",
            "Idle time on a connection with calls in flight before a keepalive ping; servers accept client pings "
                    + "this often (or every 5m, gRPC's default, when that is shorter). At least 10s.");
    public static final ConfigKey<Duration> KEEPALIVE_TIMEOUT = ConfigKey.of(
            "hdds.grpc.keepalive.timeout",
            ConfigType.DURATION_TYPE,
            "20s",
            "A connection whose keepalive ping is not answered within this time is closed.");

    @Override
    public String title() {
        return "gRPC";
    }

    @Override
    public int order() {
        return 5;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(MESSAGE_SIZE_MAX, KEEPALIVE_TIME, KEEPALIVE_TIMEOUT);
    }
}
