package dev.o3.dist;

import org.apache.ratis.metrics.MetricRegistries;
import org.slf4j.LoggerFactory;

/** A shell command in a child JVM: sets up logging as {@code bin/ozone} does, then logs as the libraries do. */
final class LoggingProbe {
    /** Ratis' shaded gRPC logs "Epoll available during static init of TcpMetrics" at INFO through java.util.logging. */
    static final String SHADED_GRPC_TCP_METRICS = "org.apache.ratis.thirdparty.io.grpc.netty.TcpMetrics";

    private LoggingProbe() {}

    public static void main(String[] args) throws ClassNotFoundException {
        ClientLogging.configure(args);
        MetricRegistries.global();
        Class.forName(SHADED_GRPC_TCP_METRICS, true, LoggingProbe.class.getClassLoader());
        LoggerFactory.getLogger(LoggingProbe.class).warn("probe warning");
    }
}
