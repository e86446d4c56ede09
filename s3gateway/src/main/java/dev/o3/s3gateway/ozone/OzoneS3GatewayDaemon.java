package dev.o3.s3gateway.ozone;

import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.s3gateway.server.S3GatewayServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import java.time.Clock;

/**
 * {@code ozone s3g}: the S3 gateway serving the cluster of {@code ozone.om.address}, through one client (persistent
 * OM channels, cached datanode connections) acting as the gateway's service user. Thread-safe lifecycle ({@link
 * DaemonLifecycle}).
 */
public final class OzoneS3GatewayDaemon implements Daemon {
    private final OzoneConfiguration conf;
    private final Clock clock;
    private final DaemonLifecycle lifecycle = new DaemonLifecycle("s3g-ozone");
    private volatile S3GatewayServer server;

    public OzoneS3GatewayDaemon(OzoneConfiguration conf, Clock clock) {
        this.conf = conf;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "s3g";
    }

    @Override
    public void start() {
        lifecycle.start(components -> {
            OzoneClient client = components.add(
                    OzoneClient.create(OzoneS3Backend.clientConfiguration(conf), System.getProperty("user.name")));
            server = components.add(
                    new S3GatewayServer(conf, new OzoneS3Backend(client, conf.get(CommonConfigKeys.S3_VOLUME)), clock));
            server.start();
        });
    }

    /** The bound S3 port. */
    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        lifecycle.close();
    }
}
